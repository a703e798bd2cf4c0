// "Delete my data" from her link: what the page needs, and what a press does (the erasure made
// once: app/server/subscriptions/her-erasure.server.ts). An erased link answers its press with
// the page that says it is done, so a second press gets the same answer as the first; her
// page and every other page of the link answer 410.
import type { Language } from "../../i18n/languages";
import { data, redirect } from "@remix-run/node";
import { tooManyAttemptsMessage } from "../../funnel/rate-limits";
import { translator } from "../../i18n/messages";
import { readForm } from "../../server/http/form-body.server";
import { retryAfter } from "../../server/http/form-refusal.server";
import { countHit, rateLimits, type RateLimit } from "../../server/http/rate-limits.server";
import { paymentGateway } from "../../server/payments/index.server";
import { eraseHerData } from "../../server/subscriptions/her-erasure.server";
import { readSubscriptionLink } from "../../server/subscriptions/private-link.server";
import { herLanguage, openHerSubscription, privatePageHeaders } from "../../server/subscriptions/private-page.server";

/**
 * Presses of "Delete my data", per order: one erases, a few more are a person whose first press
 * met a payment moving; more is not her.
 */
export const erasureLimit: RateLimit = { bucket: "her-erasure", limit: 5, addressLimit: 20, windowMs: 60 * 60_000 };

/**
 * The page that says it is done: no link needed, her reference to quote if she asks, in her
 * language (that page has no subscription to ask: the address says it).
 */
export const donePage = (reference: string, language: Language = "en") =>
  `/subscription/deleted?reference=${encodeURIComponent(reference)}${language === "en" ? "" : `&lang=${language}`}`;

export async function deletePage(request: Request, token: string) {
  const subscription = await openHerSubscription(token, request);
  const address = `/subscription/${token}`;
  return { reference: subscription.reference, address, download: `${address}/data` };
}

function refused(message: string, status: number, headers: Record<string, string> = {}) {
  return data({ message }, { status, headers: { ...privatePageHeaders, ...headers } });
}

export async function pressDelete(request: Request, token: string) {
  const reading = await readSubscriptionLink(token);
  if (reading.status === "erased") {
    await readForm(request);
    return redirect("/subscription/deleted", { status: 303, headers: privatePageHeaders });
  }
  const subscription = await openHerSubscription(token, request);
  const t = translator(herLanguage(request, subscription));
  const rateKey = `subscription:${subscription.id}`;
  const wait = await countHit(request, rateKey, rateLimits.stepPost, erasureLimit);
  // The form carries nothing: read only so that a body past its cap is refused as everywhere.
  await readForm(request);
  if (wait > 0) return refused(tooManyAttemptsMessage(wait, t), 429, retryAfter(wait));
  const outcome = await eraseHerData(paymentGateway(), subscription);
  if (outcome.status === "busy") return refused(t("herDelete.busy"), 409);
  return redirect(donePage(subscription.reference, t.language), { status: 303, headers: privatePageHeaders });
}
