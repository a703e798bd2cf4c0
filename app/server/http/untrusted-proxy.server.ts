// A production server whose requests arrive from a private or loopback peer sits behind a
// proxy; without TRUST_PROXY it cannot tell one client from another, and every limit counted
// by address falls back to the one shared bucket and the site-wide ceilings. The start cannot
// know where requests will come from, so the first such request says so, once per process.
// The address itself is never logged.

export const untrustedProxyWarning =
  "Requests arrive from a private or loopback address and TRUST_PROXY is not set: rate limits cannot tell clients apart " +
  "by address, so clients without a session share one bucket. Behind a proxy or load balancer that overwrites " +
  "X-Forwarded-For, set TRUST_PROXY=true.";

/**
 * The check each request from a peer we could not count passes through: warns the first
 * time in production without TRUST_PROXY, and never again.
 */
export function untrustedProxyWatch(settings: { production: boolean; trustProxy: boolean }, warn: (message: string) => void) {
  let warned = !settings.production || settings.trustProxy;
  return function noticeSharedPeer(): void {
    if (warned) return;
    warned = true;
    warn(untrustedProxyWarning);
  };
}
