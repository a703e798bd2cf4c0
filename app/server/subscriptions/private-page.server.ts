// Opening her private pages (/subscription/{token}/...), and their headers: the token is in the
// address, so no cache keeps the page and no other site is told the address.
import type { HeadersFunction } from "@remix-run/node";
import type { MessageId } from "../../i18n/en";
import { readLanguage, type Language } from "../../i18n/languages";
import { translator } from "../../i18n/messages";
import { chooseLanguage, type SubscriptionRow } from "../db/stores/subscriptions.server";
import { hasVisitorCookie } from "../http/entry-pages.server";
import { refusePage } from "../http/page-refusal.server";
import { getVisitorSession } from "../visitor/session.server";
import { readSubscriptionLink } from "./private-link.server";

/** By catalogue id (herLink.* in her-page.en.ts). */
export const linkMessages = {
  invalid: "herLink.invalid",
  replaced: "herLink.replaced",
  erased: "herLink.erased",
} as const satisfies Record<string, MessageId>;

export const privatePageHeaders = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex" };

export const headers: HeadersFunction = () => privatePageHeaders;

/** A link that does not open has no subscription to ask her language of: the refusal is in the visitor's. */
export async function openHerSubscription(token: string | undefined, request?: Request): Promise<SubscriptionRow> {
  const reading = await readSubscriptionLink(token ?? "");
  if (reading.status === "open") return reading.subscription;
  const language = request ? await visitorLanguage(request) : "en";
  const t = translator(language);
  // Gone for good: no way to a new link, nothing said of the order.
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

/** The address's, else her session's, else English. */
async function visitorLanguage(request: Request): Promise<Language> {
  const asked = readLanguage(new URL(request.url).searchParams.get("lang"));
  if (asked) return asked;
  if (!hasVisitorCookie(request.headers.get("Cookie"))) return "en";
  return readLanguage((await getVisitorSession(request)).get("language")) ?? "en";
}

const herPagePath = /^\/subscription\/([^/]+)(?:\/|$)/;

/** The address's `lang` becomes her choice for page and emails; else her last choice. Undefined elsewhere, or for a link that does not open. */
export async function herPageLanguage(url: URL): Promise<Language | undefined> {
  const token = herPagePath.exec(url.pathname)?.[1];
  if (!token || token === "deleted") return undefined;
  const reading = await readSubscriptionLink(token);
  if (reading.status !== "open") return undefined;
  const asked = readLanguage(url.searchParams.get("lang"));
  if (asked && asked !== reading.subscription.language) await chooseLanguage(reading.subscription.id, asked);
  return asked ?? reading.subscription.language;
}

/** The address's, else hers. */
export function herLanguage(request: Request, subscription: Pick<SubscriptionRow, "language">): Language {
  return readLanguage(new URL(request.url).searchParams.get("lang")) ?? subscription.language;
}
