// The entry pages: where advertisements and links send new visitors. For a visitor who has
// none of our cookies each is the same bytes for everyone with the same address, so shared
// caches (and the server's own memory, entry-page-memory.server.ts) may keep it; a page that
// reads none of our cookies is those bytes for a visitor who has them too. Pure: one
// rule read by the pages' loaders (which say so in Cache-Control) and by the server (which
// answers from memory only what the pages would call shareable).
import { readTrackingParams, trackingParamNames } from "../../funnel/tracking";
import { readVariant } from "../../funnel/variant";
import { readLanguage } from "../../i18n/languages";

export type EntryPage = "welcome" | "congratulations" | "home" | "thank-you" | "terms" | "privacy" | "not-found";

interface EntryPageRule {
  /**
   * The page hands the tracking params on by itself (its form posts to its own address, or
   * its link carries them), so a new visitor needs no session to keep them. A page that does
   * not keeps them in her session: with them in the address it is drawn for her alone.
   */
  handsOnTracking: boolean;
  /**
   * The page's HTML shows the tracking params (a link carries them: the language link of
   * every page keeps the params the page hands on): they are part of its key.
   */
  showsTracking: boolean;
  /**
   * The page reads one of our cookies (her variant, or her session to keep tracking params):
   * a visitor who has one gets a page drawn for her. A page that reads none is the same bytes
   * for her as for a new visitor, and is answered so.
   */
  readsVisitorCookies: boolean;
  cacheControl: string;
}

// Short lives: a deploy changes the stylesheet's fingerprinted name, and a stale copy of a
// page names the old one. `stale-while-revalidate` lets a cache answer at once while it asks.
const funnelPage = "public, max-age=300, stale-while-revalidate=60";
const legalPage = "public, max-age=3600, stale-while-revalidate=600";

const rules: Record<EntryPage, EntryPageRule> = {
  welcome: { handsOnTracking: true, showsTracking: true, readsVisitorCookies: false, cacheControl: funnelPage },
  congratulations: { handsOnTracking: true, showsTracking: true, readsVisitorCookies: false, cacheControl: funnelPage },
  home: { handsOnTracking: true, showsTracking: true, readsVisitorCookies: true, cacheControl: funnelPage },
  "thank-you": { handsOnTracking: false, showsTracking: false, readsVisitorCookies: true, cacheControl: funnelPage },
  terms: { handsOnTracking: false, showsTracking: false, readsVisitorCookies: false, cacheControl: legalPage },
  privacy: { handsOnTracking: false, showsTracking: false, readsVisitorCookies: false, cacheControl: legalPage },
  "not-found": { handsOnTracking: false, showsTracking: false, readsVisitorCookies: true, cacheControl: funnelPage },
};

const pagesByPath: Record<string, EntryPage> = {
  "/welcome": "welcome",
  "/congratulations": "congratulations",
  "/home": "home",
  "/thank-you": "thank-you",
  "/terms": "terms",
  "/privacy": "privacy",
};

/**
 * Our cookies that make a visitor someone: her session, her variant, a notice for her next
 * page. With any of them she gets a page drawn for her where the page reads them.
 */
export const visitorCookieNames = ["__session", "funnel_variant", "__toast"] as const;

const visitorCookie = new RegExp(`(?:^|;)\\s*(?:${visitorCookieNames.join("|")})=`);

export function hasVisitorCookie(cookieHeader: string | null | undefined): boolean {
  return Boolean(cookieHeader) && visitorCookie.test(cookieHeader!);
}

/**
 * The entry page an address shows (paths match case-insensitively, a trailing slash aside);
 * `isUnknownPath` says whether no route but the 404 page's matches it.
 */
export function entryPageAt(pathname: string, isUnknownPath: (pathname: string) => boolean): EntryPage | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, "").toLowerCase() : pathname;
  return pagesByPath[path] ?? (isUnknownPath(pathname) ? "not-found" : undefined);
}

export interface SharedEntryPage {
  /** What the page's bytes depend on: the page, the variant asked for, its language and the params it shows. */
  key: string;
  /** The key's query alone ("variant=classic&lang=es"): what the page's own links may carry. */
  query: string;
  cacheControl: string;
}

/**
 * Whether this request gets the copy every new visitor gets, and under which key. Not when:
 * the request is not a GET or HEAD; she has one of our cookies and the page reads them; the
 * address carries an email address (never kept in a shared cache); or tracking params the
 * page does not hand on.
 */
export function sharedEntryPage(
  page: EntryPage,
  request: { method: string; url: string | URL; cookie: string | null | undefined },
): SharedEntryPage | undefined {
  if (request.method !== "GET" && request.method !== "HEAD") return undefined;
  const rule = rules[page];
  if (rule.readsVisitorCookies && hasVisitorCookie(request.cookie)) return undefined;
  const search = new URL(request.url, "http://entry.invalid").searchParams;
  if (search.has("email_address")) return undefined;
  const tracking = readTrackingParams(search);
  if (!rule.handsOnTracking && Object.keys(tracking).length > 0) return undefined;
  const key = new URLSearchParams();
  const variant = readVariant(search.get("variant"));
  if (variant) key.set("variant", variant);
  if (rule.showsTracking) {
    for (const name of trackingParamNames) if (tracking[name]) key.set(name, tracking[name]);
  }
  // Each language's copy is its own address (no Vary): English is the page without `lang`.
  const language = readLanguage(search.get("lang"));
  if (language && language !== "en") key.set("lang", language);
  const query = key.toString();
  return { key: query ? `${page}?${query}` : page, query, cacheControl: rule.cacheControl };
}

/** A loader's headers for an entry page: shareable for a new visitor, else nothing (no-store). */
export function entryPageHeaders(page: EntryPage, request: Request): HeadersInit {
  const shared = sharedEntryPage(page, { method: request.method, url: request.url, cookie: request.headers.get("Cookie") });
  return shared ? { "Cache-Control": shared.cacheControl } : {};
}
