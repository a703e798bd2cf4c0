// The client's network address, as our own HTTP server (server.mjs) saw it: the socket's
// peer, or behind a trusted proxy (TRUST_PROXY=true) the first X-Forwarded-For hop. The server
// overwrites this header on every request, so a client cannot choose it.
export const clientAddressHeader = "x-funnel-client-address";

export function clientAddressOf(request: Request): string | undefined {
  const address = request.headers.get(clientAddressHeader)?.trim().toLowerCase();
  return address && address.length <= 100 ? address : undefined;
}
