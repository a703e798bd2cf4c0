// Where ads and links send new visitors. Without our cookies each is the same bytes for one
// address, so shared caches and the server's memory (entry-page-memory.server.ts) may keep it.
// One pure rule for the loaders' Cache-Control and the server's memory.
import { readTrackingParams, trackingParamNames } from "../../funnel/tracking";
import { readVariant } from "../../funnel/variant";
import { readLanguage } from "../../i18n/languages";

export type EntryPage = "welcome" | "congratulations" | "home" | "thank-you" | "terms" | "privacy" | "not-found";

interface EntryPageRule {
  /** The page hands tracking params on itself (form or link), so a new visitor needs no session; otherwise she gets her own page. */
  handsOnTracking: boolean;
  /** Its HTML shows them (the language link keeps them): part of its key. */
  showsTracking: boolean;
  /** Her variant or session: a visitor who has one gets her own page; a page reading none is the shared bytes for her too. */
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

/** With any of them she gets her own page where the page reads them. */
export const visitorCookieNames = ["__session", "funnel_variant", "__toast"] as const;

const visitorCookie = new RegExp(`(?:^|;)\\s*(?:${visitorCookieNames.join("|")})=`);

export function hasVisitorCookie(cookieHeader: string | null | undefined): boolean {
  return Boolean(cookieHeader) && visitorCookie.test(cookieHeader!);
}

/** Case-insensitive, a trailing slash aside. */
export function entryPageAt(pathname: string, isUnknownPath: (pathname: string) => boolean): EntryPage | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, "").toLowerCase() : pathname;
  return pagesByPath[path] ?? (isUnknownPath(pathname) ? "not-found" : undefined);
}

export interface SharedEntryPage {
  key: string;
  /** What the page's own links may carry ("variant=classic&lang=es"). */
  query: string;
  cacheControl: string;
}

/**
 * Not for: anything but GET or HEAD; our cookies where the page reads them; an email address in
 * the address (never in a shared cache); tracking params the page does not hand on.
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

/** No-store unless shareable for a new visitor. */
export function entryPageHeaders(page: EntryPage, request: Request): HeadersInit {
  const shared = sharedEntryPage(page, { method: request.method, url: request.url, cookie: request.headers.get("Cookie") });
  return shared ? { "Cache-Control": shared.cacheControl } : {};
}
