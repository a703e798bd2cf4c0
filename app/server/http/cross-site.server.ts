// Cross-site posts refused: a state-changing request must come from our own pages.
// Browsers say where a request comes from in Sec-Fetch-Site; older ones in Origin (or at
// least Referer). A request with none of them is not from a browser page (a server calling
// the JSON routes with a bearer token), which a cross-site forgery cannot be.

export interface RequestOrigin {
  method: string;
  /**
   * Our own host and port as the request was addressed ("localhost:3000"). The scheme is left
   * out: behind a proxy that ends TLS we see http while the browser says https.
   */
  ownHost: string;
  secFetchSite?: string | null;
  origin?: string | null;
  referer?: string | null;
}

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

function hostOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.host : undefined;
  } catch {
    return undefined;
  }
}

/** Why the request is refused, or null when it may go ahead. */
export function crossSiteRefusal(request: RequestOrigin): string | null {
  if (safeMethods.has(request.method.toUpperCase())) return null;
  const site = request.secFetchSite?.trim().toLowerCase();
  // "none": typed or bookmarked by the visitor herself; "same-origin": our own page.
  if (site) return site === "same-origin" || site === "none" ? null : `Sec-Fetch-Site: ${site}`;
  const origin = request.origin?.trim();
  if (origin) return hostOf(origin) === request.ownHost.toLowerCase() ? null : "Origin is another site";
  const referer = request.referer?.trim();
  if (referer) return hostOf(referer) === request.ownHost.toLowerCase() ? null : "Referer is another site";
  return null;
}
