// "Delete my data": what the page tells her before she confirms, what the console shows where
// her details were, and her order's body with her details taken out. Pure: the service
// (app/server/subscriptions/her-erasure.server.ts) reads and writes; the stores call the
// body's eraser so every copy of the body is erased the same way.
//
// What stays, and why: the order's reference, amounts, dates, card brand and last four (the
// financial records the law makes us keep), the state it shipped to (where it could be sold and
// taxed; alone it names no one), her medications and plan (the order's facts), and the record
// of her consent to the automatic renewal (a legal record without her contact details).

/** Shown in the console, and said on her page, where her details were. */
export const deletedAtHerRequest = "Deleted at her request";

/** The confirmation page, in the order she reads it. */
export const erasureWords = {
  title: "Delete my data",
  intro: "You can ask us to delete your personal data. Before you do, you may want to keep a copy.",
  download: "Download my data",
  whatHappens: "What happens when you delete your data",
  happens: [
    "Your subscription ends at once: anything pending is cancelled and any hold on your card is released. Nothing more is charged, not even a renewal within 72 hours: deleting your data is not a cancellation with notice.",
    "Your name, email, phone number, addresses and answers are erased everywhere we hold them, including the emails we keep.",
    "We tell our medical provider that you asked for your data to be deleted.",
    "This link stops working, and we cannot send you any more emails, as we will no longer have your address.",
  ],
  whatStays: "What we must keep",
  stays:
    "The law makes us keep financial records: your order reference, the amounts and dates of your payments and refunds, and your card's brand and last four digits (never the card number). We also keep the record of your agreement to the automatic renewal, without your contact details.",
  cannotUndo: "This cannot be undone.",
  confirm: "Delete my data",
  keep: "Keep my data",
  done: "Your data has been deleted",
  doneText:
    "Your subscription has ended and nothing more will be charged. Your personal details are erased; we keep only the financial records the law asks for and the record of your agreement to the renewal. We have told our medical provider.",
  doneNoEmail: "We will not email you about this: we no longer have your address. This page is your confirmation.",
  doneQuestions: "Questions? Quote your order reference if you still have it.",
} as const;

export const erasureMessages = {
  busy: "A payment on your order is moving right now. Nothing was deleted yet: please try again in a minute.",
} as const;

/** Her details in an address of the order's body: every field but the state. */
const addressFieldsErased = ["firstName", "lastName", "addressLine1", "addressLine2", "city", "zipCode"] as const;
const customerFieldsErased = ["firstName", "lastName", "email", "phone"] as const;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => value !== null && typeof value === "object" && !Array.isArray(value);

function blanked(source: unknown, fields: readonly string[]): unknown {
  if (!isObject(source)) return source;
  return { ...source, ...Object.fromEntries(fields.map((field) => [field, ""])) };
}

/**
 * The pre-authorisation order's body with her details blanked ("", so every reader of the body
 * keeps its types): her name, email and phone, and each address but its state. What the
 * provider, the console and her data read of an erased order.
 */
export function erasedOrderBody(body: Json): Json {
  const erased: Json = { ...body };
  if ("customer" in body) erased.customer = blanked(body.customer, customerFieldsErased);
  if ("shippingAddress" in body) erased.shippingAddress = blanked(body.shippingAddress, addressFieldsErased);
  if ("billingAddress" in body) erased.billingAddress = blanked(body.billingAddress, addressFieldsErased);
  return erased;
}

/**
 * A message to the provider still waiting in the outbox, with her details taken out: the
 * provider is told of the erasure by its own event, so what it was still to receive carries
 * nothing of hers. Kinds that carry none are returned as they are.
 */
export function erasedProviderPayload(kind: string, payload: Json): Json {
  switch (kind) {
    case "sales-funnel":
      return { ...payload, email_address: null, reason_you_are_here_today: [], concerns_about_hrt: [] };
    case "save-pre-checkout":
      return { ...payload, body: blanked(payload.body, customerFieldsErased) };
    case "pre-auth-checkout":
      return { ...payload, body: isObject(payload.body) ? erasedOrderBody(payload.body) : payload.body };
    case "order-event":
      return "shippingAddress" in payload ? { ...payload, shippingAddress: blanked(payload.shippingAddress, addressFieldsErased) } : payload;
    default:
      return payload;
  }
}
