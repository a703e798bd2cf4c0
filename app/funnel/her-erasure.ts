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
      return "shippingAddress" in payload
        ? { ...payload, shippingAddress: blanked(payload.shippingAddress, addressFieldsErased) }
        : payload;
    default:
      return payload;
  }
}
