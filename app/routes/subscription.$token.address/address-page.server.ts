// Her shipping address from her link: what the page shows (the address her order ships to,
// prefilled), and what a post does (the checkout's schema, then the change made once:
// app/server/subscriptions/her-address.server). Every post counts against the step-post
// limit; a change the rules let through also against a tighter one of its own, per order.
import { data, redirect } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import { shippingSchema } from "../../funnel/final-checkout";
import { herAddressWords, tooManyAddressChangesMessage } from "../../funnel/her-address";
import { tooManyAttemptsMessage } from "../../funnel/rate-limits";
import type { Translator } from "../../i18n/languages";
import { translateReply } from "../../i18n/messages";
import type { SubscriptionRow } from "../../server/db/stores/subscriptions.server";
import { readForm } from "../../server/http/form-body.server";
import { formRefusal, retryAfter } from "../../server/http/form-refusal.server";
import { countHit, rateLimits } from "../../server/http/rate-limits.server";
import {
  addressChangeLimit,
  addressForm,
  addressRefusal,
  changeShippingAddress,
  shownAddress,
  shownAddressField,
} from "../../server/subscriptions/her-address.server";
import { privatePageHeaders } from "../../server/subscriptions/private-page.server";

const rateKey = (subscription: SubscriptionRow) => `subscription:${subscription.id}`;

/** The page's data, its words in her language (`t`). */
export async function addressPage(subscription: SubscriptionRow, token: string, url: URL, t: Translator) {
  return {
    reference: subscription.reference,
    back: `/subscription/${token}`,
    ended: t("herAddress.ended"),
    ...(await addressForm(subscription)),
    saved: url.searchParams.get("saved") === "1",
  };
}

function answer(lastResult: ReturnType<typeof formRefusal>, status: number, headers: Record<string, string> = {}) {
  return data({ lastResult }, { status, headers: { ...privatePageHeaders, ...headers } });
}

/** Saved (or saved already, by the first of two presses): 303 to the page that says so; refusals in her language (`t`). */
export async function saveAddress(request: Request, subscription: SubscriptionRow, token: string, t: Translator) {
  const wait = await countHit(request, rateKey(subscription), rateLimits.stepPost);
  const formData = await readForm(request);
  const hideFields = [shownAddressField];
  if (wait > 0) return answer(formRefusal(formData, tooManyAttemptsMessage(wait, t), hideFields), 429, retryAfter(wait));
  const submission = parseWithZod(formData, { schema: shippingSchema });
  if (submission.status !== "success") return answer(translateReply(t, submission.reply({ hideFields })), 400);
  const changes = await countHit(request, rateKey(subscription), addressChangeLimit);
  if (changes > 0) return answer(formRefusal(formData, tooManyAddressChangesMessage(changes, t), hideFields), 429, retryAfter(changes));
  const outcome = await changeShippingAddress(subscription, shownAddress(formData), submission.value);
  const refusal = addressRefusal(formData, outcome, herAddressWords(t), hideFields);
  if (refusal) return answer(refusal.lastResult, refusal.status);
  return redirect(`/subscription/${token}/address?saved=1`, { status: 303, headers: privatePageHeaders });
}
