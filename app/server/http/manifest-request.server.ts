// Remix's route discovery (`GET /__manifest?p=...&version=...`, future flag
// v3_lazyRouteDiscovery) answers which routes match each path asked about, and every leading
// part of it: one address of 7 KB naming a path of 3,700 segments cost the server a second of
// CPU (measured here on Remix 2.17.5, the last of its line, which has no fix). Only a page that
// hydrates asks, about the links it draws: a few paths of a few segments. An ask past these
// bounds is refused (400) before Remix reads it.
export const manifestAskBounds = {
  /** Segments of one path asked about: our deepest route has four. */
  segments: 16,
  /** Different leading parts of all the paths asked about together. */
  partialPaths: 100,
} as const;

/** Whether `url` (a request's path and query) asks Remix's route discovery more than a page of ours could. */
export function manifestAskRefused(url: string): boolean {
  const address = new URL(url, "http://localhost");
  if (address.pathname !== "/__manifest") return false;
  const partialPaths = new Set<string>();
  for (const asked of address.searchParams.getAll("p")) {
    const segments = (asked.startsWith("/") ? asked : `/${asked}`).split("/").slice(1);
    if (segments.length > manifestAskBounds.segments) return true;
    for (let end = 1; end <= segments.length; end++) partialPaths.add(segments.slice(0, end).join("/"));
    if (partialPaths.size > manifestAskBounds.partialPaths) return true;
  }
  return false;
}
