// Tracking parameters (spec sections 2, 3 and 4): read from any URL, kept for the visitor
// when any of them is non-empty, and carried on every redirect of the funnel.

export const utmParamNames = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;

export const trackingParamNames = [...utmParamNames, "referral_code", "email_address"] as const;

export type TrackingParamName = (typeof trackingParamNames)[number];
export type TrackingParams = Partial<Record<TrackingParamName, string>>;

/** A tracking value longer than this is cut: it is a label, never a document. */
const maxTrackingValueLength = 500;

/** The non-empty tracking parameters of a query string. */
export function readTrackingParams(search: URLSearchParams): TrackingParams {
  const params: TrackingParams = {};
  for (const name of trackingParamNames) {
    const value = search.get(name)?.trim();
    if (value) params[name] = value.slice(0, maxTrackingValueLength);
  }
  return params;
}

export function hasTrackingParams(params: TrackingParams): boolean {
  return Object.values(params).some(Boolean);
}

/** `path` with the given parameters appended to its query (empty values left out). */
export function withQuery(path: string, params: Record<string, string | undefined>): string {
  const url = new URL(path, "http://funnel.invalid");
  for (const [name, value] of Object.entries(params)) {
    if (value) url.searchParams.set(name, value);
  }
  const isAbsolute = /^[a-z][a-z0-9+.-]*:\/\//i.test(path);
  return isAbsolute ? url.toString() : `${url.pathname}${url.search}${url.hash}`;
}
