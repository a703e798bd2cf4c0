// Opening her private pages (/subscription/{token}/...): the link read, or the refusal page
// with the way to ask for a new link; and the headers every one of them answers with (the
// token is in the address: no cache keeps the page, no other site is told the address).
import type { HeadersFunction } from "@remix-run/node";
import type { MessageId } from "../../i18n/en";
import { readLanguage, type Language } from "../../i18n/languages";
import { translator } from "../../i18n/messages";
import { chooseLanguage, type SubscriptionRow } from "../db/stores/subscriptions.server";
import { hasVisitorCookie } from "../http/entry-pages.server";
import { refusePage } from "../http/page-refusal.server";
import { getVisitorSession } from "../visitor/session.server";
import { readSubscriptionLink } from "./private-link.server";

/** Why a link does not open her order, by catalogue id (the English: herLink.* in her-page.en.ts). */
export const linkMessages = {
  invalid: "herLink.invalid",
  replaced: "herLink.replaced",
  erased: "herLink.erased",
} as const satisfies Record<string, MessageId>;

export const privatePageHeaders = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex" };

/** Every private page's headers, its refusals' too. */
export const headers: HeadersFunction = () => privatePageHeaders;

/**
 * Her subscription, named by her link; else the refusal page. A link that does not open has no
 * subscription to ask her language of: the refusal is in the visitor's (the address's `lang`,
 * else the one her session remembers, as the root draws the page), English without `request`.
 */
export async function openHerSubscription(token: string | undefined, request?: Request): Promise<SubscriptionRow> {
  const reading = await readSubscriptionLink(token ?? "");
  if (reading.status === "open") return reading.subscription;
  const language = request ? await visitorLanguage(request) : "en";
  const t = translator(language);
  // Erased at her request: gone for good, with no way to a new link and nothing said of the order.
  if (reading.status === "erased") refusePage(410, t(linkMessages.erased), undefined, privatePageHeaders);
  // Asking for a new link goes on in her language.
  const newLink = language === "en" ? "/subscription" : `/subscription?lang=${language}`;
  refusePage(
    reading.status === "replaced" ? 410 : 404,
    t(linkMessages[reading.status]),
    newLink,
    privatePageHeaders,
    t("herLink.askForNew"),
  );
}

/** The language of a page with no subscription behind it: the address's, else her session's, else English. */
async function visitorLanguage(request: Request): Promise<Language> {
  const asked = readLanguage(new URL(request.url).searchParams.get("lang"));
  if (asked) return asked;
  if (!hasVisitorCookie(request.headers.get("Cookie"))) return "en";
  return readLanguage((await getVisitorSession(request)).get("language")) ?? "en";
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
