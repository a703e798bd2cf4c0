// What a page's answer keeps of its routes' headers. Remix passes only cookies from a route's
// answers to the document unless a `headers` function says which to keep; a 429 keeps its
// Retry-After, also when a loader throws it and root's error boundary draws the page.
import type { HeadersFunction } from "@remix-run/node";

export const keepRetryAfter: HeadersFunction = ({ actionHeaders, loaderHeaders, errorHeaders }) => {
  const seconds = errorHeaders?.get("Retry-After") ?? actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  const kept: Record<string, string> = {};
  if (seconds) kept["Retry-After"] = seconds;
  return kept;
};

/**
 * An entry page's answer also keeps its loader's Cache-Control (shareable for a new visitor:
 * entry-pages.server.ts). The document's handler still makes every answer to a post, an
 * error or a cookie private (entry.server.tsx).
 */
export const keepEntryPageHeaders: HeadersFunction = (args) => {
  const kept = keepRetryAfter(args) as Record<string, string>;
  const cacheControl = args.errorHeaders ? null : args.loaderHeaders.get("Cache-Control");
  if (cacheControl) kept["Cache-Control"] = cacheControl;
  return kept;
};
