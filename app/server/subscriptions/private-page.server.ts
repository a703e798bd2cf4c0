// Opening her private pages (/subscription/{token}/...): the link read, or the refusal page
// with the way to ask for a new link; and the headers every one of them answers with (the
// token is in the address: no cache keeps the page, no other site is told the address).
import type { HeadersFunction } from "@remix-run/node";
import { readLanguage, type Language } from "../../i18n/languages";
import { chooseLanguage, type SubscriptionRow } from "../db/stores/subscriptions.server";
import { refusePage } from "../http/page-refusal.server";
import { readSubscriptionLink } from "./private-link.server";

export const linkMessages = {
  invalid: "This link does not open an order. Check that you copied the whole link from your email, or ask for a new one.",
  replaced: "This link has been replaced by a newer one. Use the link in the latest email we sent you, or ask for a new one.",
  erased: "This link no longer works.",
} as const;

export const privatePageHeaders = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex" };

/** Every private page's headers, its refusals' too. */
export const headers: HeadersFunction = () => privatePageHeaders;

export async function openHerSubscription(token: string | undefined): Promise<SubscriptionRow> {
  const reading = await readSubscriptionLink(token ?? "");
  if (reading.status === "open") return reading.subscription;
  // Erased at her request: gone for good, with no way to a new link and nothing said of the order.
  if (reading.status === "erased") refusePage(410, linkMessages.erased, undefined, privatePageHeaders);
  refusePage(reading.status === "replaced" ? 410 : 404, linkMessages[reading.status], "/subscription", privatePageHeaders, "Ask for a new link");
}

/** Her private pages' addresses: /subscription/{token} and the pages under it. */
const herPagePath = /^\/subscription\/([^/]+)(?:\/|$)/;

/**
 * The language of one of her private pages: the address's `lang` (her "English"/"Español"
 * link), which becomes her choice for her page and her emails from then on; else the one she
 * last chose, at first the language she ordered in. Undefined for any other address, or a
 * link that does not open (its refusal follows the visitor's language).
 */
export async function herPageLanguage(url: URL): Promise<Language | undefined> {
  const token = herPagePath.exec(url.pathname)?.[1];
  if (!token || token === "deleted") return undefined;
  const reading = await readSubscriptionLink(token);
  if (reading.status !== "open") return undefined;
  const asked = readLanguage(url.searchParams.get("lang"));
  if (asked && asked !== reading.subscription.language) await chooseLanguage(reading.subscription.id, asked);
  return asked ?? reading.subscription.language;
}

/** The language an action on her page answers in: the address's, else hers. */
export function herLanguage(request: Request, subscription: Pick<SubscriptionRow, "language">): Language {
  return readLanguage(new URL(request.url).searchParams.get("lang")) ?? subscription.language;
}
