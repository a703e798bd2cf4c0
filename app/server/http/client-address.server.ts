// The client's network address, as our own HTTP server (server.mjs) saw it: the socket's
// peer, or behind a trusted proxy (TRUST_PROXY=true) the first X-Forwarded-For hop. The server
// overwrites this header on every request, so a client cannot choose it.
export const clientAddressHeader = "x-funnel-client-address";

/** Whether the proxy in front of us is trusted to say who the client is (X-Forwarded-For). */
export const trustProxy = process.env.TRUST_PROXY === "true";

export function clientAddressOf(request: Request): string | undefined {
  const address = request.headers.get(clientAddressHeader)?.trim().toLowerCase();
  return address && address.length <= 100 ? address : undefined;
}
