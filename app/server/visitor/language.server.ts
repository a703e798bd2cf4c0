// Which language a page is drawn in, and where its link to the other language leads.
// The entry pages take it from the address alone, so each language's copy is its own address
// a shared cache may keep, with no Vary; a first visit with Accept-Language: es gets the
// English copy, whose header shows the link "Español". The pages after them are hers alone
// (no-store): there the address's `lang` wins, else the choice her session remembers; on her
// private pages, else her subscription's language.
import { readLanguage, otherLanguage, type Language } from "../../i18n/languages";
import { chromeGroups, clientCatalogue, type ClientCatalogue } from "../../i18n/messages";
import { entryPageAt, hasVisitorCookie, sharedEntryPage } from "../http/entry-pages.server";
import { herPageLanguage } from "../subscriptions/private-page.server";
import { getVisitorSession } from "./session.server";

export interface PageLanguage {
  language: Language;
  /**
   * The link to the same page in the other language, relative ("?lang=es&..."), so a page
   * every visitor shares does not depend on its path; null where there is none (the console).
   */
  switchHref: string | null;
}

async function rememberedLanguage(request: Request): Promise<Language | undefined> {
  if (!hasVisitorCookie(request.headers.get("Cookie"))) return undefined;
  return readLanguage((await getVisitorSession(request)).get("language"));
}

/** The page's language; `params` are the matched route's (a splat: the 404 page). */
export async function pageLanguage(request: Request, params: Record<string, string | undefined>): Promise<PageLanguage> {
  const url = new URL(request.url);
  // The owner's console stays in English.
  if (/^\/owner(\/|$)/i.test(url.pathname)) return { language: "en", switchHref: null };
  const asked = readLanguage(url.searchParams.get("lang"));
  const page = params["*"] !== undefined ? "not-found" : entryPageAt(url.pathname, () => false);
  // Her private pages follow her subscription's language (the one she ordered in, or chose there).
  const hers = page ? undefined : await herPageLanguage(url);
  const language = hers ?? asked ?? (page ? undefined : await rememberedLanguage(request)) ?? "en";
  const shared = page ? sharedEntryPage(page, { method: request.method, url, cookie: request.headers.get("Cookie") }) : undefined;
  // A shared page's link carries only what its key holds; any other keeps her whole query
  // (a preview she asked for, the params the funnel hands on), so she stays where she is.
  const query = new URLSearchParams(shared ? shared.query : url.search);
  query.set("lang", otherLanguage(language));
  return { language, switchHref: `?${query}` };
}

/** The header's, footer's and error page's messages, parsed for a page that hydrates. */
export function chromeMessages(language: Language): ClientCatalogue {
  return clientCatalogue(language, chromeGroups);
}
