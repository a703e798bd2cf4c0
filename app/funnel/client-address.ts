// Which client a network address stands for, as the rate limits count clients. An IPv4
// address is one client. An IPv6 client is its /64: one home, phone or server is given a
// whole /64 and picks any of its 2^64 addresses at will, so counting whole IPv6 addresses
// would give anyone with a /64 as many tries as she likes. An IPv4 address written as IPv6
// (::ffff:203.0.113.7, as a dual-stack socket names it) is that IPv4 address. Every way of
// writing one /64 (compressed or not, upper case, a zone id, brackets, a trailing dotted
// IPv4) gives the same key. Pure: no I/O, no Node modules.

export type ClientAddress =
  /** One client: `key` is an IPv4 address ("203.0.113.7") or an IPv6 /64 ("2001:db8:0:1::/64"). */
  | { kind: "counted"; key: string }
  /**
   * This machine or a private network: a proxy in front of us that was not trusted to name
   * the client, or a local client. Never one visitor.
   */
  | { kind: "shared" }
  /** Not an address at all. */
  | { kind: "unreadable" };

/** The four bytes of a dotted IPv4 address, or undefined. No leading zeros: "010" is not ten. */
export function ipv4Bytes(text: string): number[] | undefined {
  const parts = text.split(".");
  if (parts.length !== 4) return undefined;
  const bytes = parts.map((part) => (/^(0|[1-9]\d{0,2})$/.test(part) ? Number(part) : NaN));
  return bytes.every((byte) => byte <= 255) ? bytes : undefined;
}

/** The eight 16-bit groups of an IPv6 address in any textual form, or undefined. */
export function ipv6Groups(text: string): number[] | undefined {
  // A zone id names the interface the address was seen on, not another address.
  let body = text.split("%")[0]!;
  // A trailing dotted IPv4 is the last two groups.
  const lastColon = body.lastIndexOf(":");
  if (lastColon < 0) return undefined;
  const last = body.slice(lastColon + 1);
  if (last.includes(".")) {
    const bytes = ipv4Bytes(last);
    if (!bytes) return undefined;
    body = `${body.slice(0, lastColon + 1)}${((bytes[0]! << 8) | bytes[1]!).toString(16)}:${((bytes[2]! << 8) | bytes[3]!).toString(16)}`;
  }
  const halves = body.split("::");
  if (halves.length > 2) return undefined;
  const groupsOf = (half: string) => (half === "" ? [] : half.split(":"));
  const head = groupsOf(halves[0]!);
  const tail = halves.length === 2 ? groupsOf(halves[1]!) : [];
  if (![...head, ...tail].every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return undefined;
  // "::" stands for one or more zero groups.
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  return [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail].map((group) => parseInt(group, 16));
}

/** The address without the brackets or port a proxy may write around it ("[2001:db8::1]:443", "203.0.113.7:80"). */
function bareAddress(text: string): string {
  const bracketed = /^\[([^\]]*)\](?::\d{1,5})?$/.exec(text);
  if (bracketed) return bracketed[1]!;
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(text);
  return withPort ? withPort[1]! : text;
}

/** Loopback, private, link-local, carrier-grade NAT and "this network": never one visitor. */
function isSharedIpv4([a, b]: number[]): boolean {
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b! >= 64 && b! <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b! >= 16 && b! <= 31) ||
    (a === 192 && b === 168)
  );
}

/** The unspecified and loopback addresses, unique local (fc00::/7), link-local and site-local (fe80::/10, fec0::/10). */
function isSharedIpv6(groups: number[]): boolean {
  const upperZero = groups.slice(0, 7).every((group) => group === 0);
  const first = groups[0]!;
  return (upperZero && groups[7]! <= 1) || (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80 || (first & 0xffc0) === 0xfec0;
}

function ipv4Client(bytes: number[]): ClientAddress {
  return isSharedIpv4(bytes) ? { kind: "shared" } : { kind: "counted", key: bytes.join(".") };
}

/** Which client an address, as our server saw it, stands for. */
export function clientOfAddress(text: string): ClientAddress {
  const address = bareAddress(text.trim());
  const bytes = ipv4Bytes(address);
  if (bytes) return ipv4Client(bytes);
  const groups = ipv6Groups(address);
  if (!groups) return { kind: "unreadable" };
  // ::ffff:0:0/96, an IPv4 address as an IPv6 socket names it.
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return ipv4Client([groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff]);
  }
  if (isSharedIpv6(groups)) return { kind: "shared" };
  return {
    kind: "counted",
    key: `${groups
      .slice(0, 4)
      .map((group) => group.toString(16))
      .join(":")}::/64`,
  };
}
