// "Ask for a new link" from her own page: what the page needs, and what a press does. Whoever
// presses holds the link that opens now, so the new link opens at once and every older one
// (this one too, and any sent by email and not yet opened) stops opening; the lost-link page
// then says it is sent, as this link no longer opens a page to say it on.
import { data, redirect } from "@remix-run/node";
import { tooManyAttemptsMessage } from "../../funnel/rate-limits";
import { translator } from "../../i18n/messages";
import { readForm } from "../../server/http/form-body.server";
import { retryAfter } from "../../server/http/form-refusal.server";
import { countHit, type RateLimit } from "../../server/http/rate-limits.server";
import { lifecycleNow } from "../../server/subscriptions/clock.server";
import { herLanguage, openHerSubscription, privatePageHeaders } from "../../server/subscriptions/private-page.server";
import { sendNewLinkFromHerPage } from "../../server/subscriptions/send-links.server";

/** Each press emails her: a few an hour for one order, as the lost-link page allows one email. */
export const newLinkLimit: RateLimit = { bucket: "her-new-link", limit: 5, addressLimit: 20, sendsEmail: true, windowMs: 60 * 60_000 };

export async function newLinkPage(request: Request, token: string) {
  const subscription = await openHerSubscription(token, request);
  return { reference: subscription.reference, address: `/subscription/${token}` };
}

export async function pressNewLink(request: Request, token: string) {
  const subscription = await openHerSubscription(token, request);
  const t = translator(herLanguage(request, subscription));
  const wait = await countHit(request, `subscription:${subscription.id}`, newLinkLimit);
  // The form carries nothing: read only so that a body past its cap is refused as everywhere.
  await readForm(request);
  if (wait > 0)
    return data({ message: tooManyAttemptsMessage(wait, t) }, { status: 429, headers: { ...privatePageHeaders, ...retryAfter(wait) } });
  await sendNewLinkFromHerPage(subscription, await lifecycleNow());
  const sent = `/subscription?sent=her-page${t.language === "en" ? "" : `&lang=${t.language}`}`;
  return redirect(sent, { status: 303, headers: privatePageHeaders });
}
