// A page's language and its link to the other one. Entry pages take it from the address alone,
// so each language's copy is its own shareable address (no Vary; Accept-Language: es gets English
// with its "Español" link). Her own pages: the address's `lang`, else her session's choice, else
// on her private pages her subscription's.
import { readLanguage, otherLanguage, type Language } from "../../i18n/languages";
import { chromeGroups, clientCatalogue, type ClientCatalogue } from "../../i18n/messages";
import { entryPageAt, hasVisitorCookie, sharedEntryPage } from "../http/entry-pages.server";
import { herPageLanguage } from "../subscriptions/private-page.server";
import { getVisitorSession } from "./session.server";

export interface PageLanguage {
  language: Language;
  /** Relative ("?lang=es&..."), so a shared page does not depend on its path; null in the console. */
  switchHref: string | null;
}

async function rememberedLanguage(request: Request): Promise<Language | undefined> {
  if (!hasVisitorCookie(request.headers.get("Cookie"))) return undefined;
  return readLanguage((await getVisitorSession(request)).get("language"));
}

/** `params`: the matched route's (a splat: the 404 page). */
export async function pageLanguage(request: Request, params: Record<string, string | undefined>): Promise<PageLanguage> {
  const url = new URL(request.url);
  if (/^\/owner(\/|$)/i.test(url.pathname)) return { language: "en", switchHref: null };
  const asked = readLanguage(url.searchParams.get("lang"));
  const page = params["*"] !== undefined ? "not-found" : entryPageAt(url.pathname, () => false);
  // Her subscription's language: ordered in, or chosen there.
  const hers = page ? undefined : await herPageLanguage(url);
  const language = hers ?? asked ?? (page ? undefined : await rememberedLanguage(request)) ?? "en";
  const shared = page ? sharedEntryPage(page, { method: request.method, url, cookie: request.headers.get("Cookie") }) : undefined;
  // A shared page's link carries only its key; any other keeps her whole query, so she stays where she is.
  const query = new URLSearchParams(shared ? shared.query : url.search);
  query.set("lang", otherLanguage(language));
  return { language, switchHref: `?${query}` };
}

/** For a page that hydrates. */
export function chromeMessages(language: Language): ClientCatalogue {
  return clientCatalogue(language, chromeGroups);
}
