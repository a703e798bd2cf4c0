// Her shipping address changed by support for her, from the console: the checkout's rules
// (no PO Box, the ZIP against the state, a state the service or her medications cannot go to
// refused with the spec's notice), the same email and provider event as her own page, counted
// against her order's limits (she and support share them), and audited in the change's own
// transaction, only by the press that changed it. The log keeps the state code, never more.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { auditDetail, codeOf } from "../../funnel/audit";
import { shippingSchema } from "../../funnel/final-checkout";
import { usStateCodes } from "../../funnel/us-states";
import { tooManyAttemptsMessage, waitInMinutes } from "../../funnel/rate-limits";
import { translateReply, translator } from "../../i18n/messages";
import type { SubscriptionRow } from "../../server/db/stores/subscriptions.server";
import { formRefusal, retryAfter } from "../../server/http/form-refusal.server";
import { countHit, rateLimits } from "../../server/http/rate-limits.server";
import { actorOf, audit } from "../../server/staff/audit.server";
import { redirectWithNotice, type StaffSession } from "../../server/staff/staff-session.server";
// Her own page's limit of address changes, so that she and support count against one.
import {
  addressChangeLimit,
  addressForm,
  addressRefusal,
  changeShippingAddress,
  shownAddress,
  shownAddressField,
} from "../../server/subscriptions/her-address.server";

export const addressForHerMessages = {
  ended: "This order has ended: nothing more ships, so its shipping address can no longer be changed.",
  movedOn:
    "Her shipping address was changed a moment ago, by her or by someone here. The address above is the one we have now: check it, and change it again if needed.",
  same: "This is already the address her order ships to. Nothing was changed.",
  tooMany: (seconds: number) =>
    `Her address was changed many times in a short while, by her or from here. Please wait ${waitInMinutes(seconds)} and try again.`,
  // The notice waits in the console's session: it names no part of her address.
  changed: "Her shipping address is changed, from her next shipment on. She was emailed.",
} as const;

/** What the address section shows: where it ships now, prefilled, and the digest the form carries. */
export async function addressSection(subscription: SubscriptionRow) {
  return { ended: addressForHerMessages.ended, ...(await addressForm(subscription)) };
}

/** The address form's post: counted, read, changed once and audited; a 303 to the page, or the form's reply with a 4xx. */
export async function addressForHer(
  request: Request,
  session: StaffSession,
  subscription: SubscriptionRow,
  formData: FormData,
  back: string,
) {
  const hideFields = [shownAddressField];
  const refused = (lastResult: unknown, status: number, headers?: HeadersInit) =>
    data({ form: "address", lastResult }, { status, headers });
  const rateKey = `subscription:${subscription.id}`;
  const wait = await countHit(request, rateKey, rateLimits.stepPost);
  if (wait > 0) return refused(formRefusal(formData, tooManyAttemptsMessage(wait), hideFields), 429, retryAfter(wait));
  const submission = parseWithZod(formData, { schema: shippingSchema });
  // The console reads the schema's messages in English.
  if (submission.status !== "success") return refused(translateReply(translator("en"), submission.reply({ hideFields })), 400);
  const changes = await countHit(request, rateKey, addressChangeLimit);
  if (changes > 0) return refused(formRefusal(formData, addressForHerMessages.tooMany(changes), hideFields), 429, retryAfter(changes));
  const next = submission.value;
  const outcome = await changeShippingAddress(subscription, shownAddress(formData), next, (tx) =>
    audit(
      request,
      actorOf(session.staff),
      "address-changed-for-her",
      { orderReference: subscription.reference, detail: auditDetail`Ships to ${codeOf(usStateCodes, next.state)}` },
      tx,
    ),
  );
  const refusal = addressRefusal(formData, outcome, addressForHerMessages, hideFields);
  if (refusal) return refused(refusal.lastResult, refusal.status);
  return redirectWithNotice(session, back, { tone: "success", text: addressForHerMessages.changed });
}
