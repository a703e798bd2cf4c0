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
