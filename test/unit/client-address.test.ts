// Which client an address stands for: an IPv4 address, or an IPv6 /64 however it is written.
// An attacker who holds a /64 picks any of its 2^64 addresses and any spelling of each; every
// one must be the same client to the rate limits.
import { isIPv6 } from "node:net";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { clientOfAddress, ipv4Bytes, ipv6Groups } from "../../app/funnel/client-address";

const group = fc.integer({ min: 0, max: 0xffff });
const groups = fc.array(group, { minLength: 8, maxLength: 8 });
const byte = fc.integer({ min: 0, max: 255 });
const ipv4 = fc.tuple(byte, byte, byte, byte);

/** A public IPv6 address's groups: not loopback, unique local, link-local or site-local, not an IPv4 one. */
const publicGroups = groups.filter(([first]) => first! >= 0x2000 && first! <= 0x3fff);

interface Spelling {
  /** Groups written with their leading zeros ("0db8"). */
  padded: boolean;
  upperCase: boolean;
  /** Which run of zero groups "::" stands for, if any (an index into the runs, modulo their count). */
  compress: number | null;
  /** The last 32 bits as a dotted IPv4 address ("::ffff:192.0.2.1" style). */
  dottedTail: boolean;
  zone: string | null;
  brackets: boolean;
}

const spelling: fc.Arbitrary<Spelling> = fc.record({
  padded: fc.boolean(),
  upperCase: fc.boolean(),
  compress: fc.option(fc.nat(), { nil: null }),
  dottedTail: fc.boolean(),
  zone: fc.option(fc.constantFrom("%eth0", "%1", "%en0"), { nil: null }),
  brackets: fc.boolean(),
});

/** Every run of zero groups (start, length) that "::" could stand for. */
function zeroRuns(values: number[]): [number, number][] {
  const runs: [number, number][] = [];
  for (let i = 0; i < values.length; i++) {
    if (values[i] !== 0) continue;
    let end = i;
    while (end < values.length && values[end] === 0) end++;
    // Every run of one zero group or more, anywhere inside a longer run too.
    for (let start = i; start < end; start++) for (let stop = start + 1; stop <= end; stop++) runs.push([start, stop - start]);
    i = end;
  }
  return runs;
}

/** One of the many ways of writing these eight groups. */
function spell(values: number[], how: Spelling): string {
  const hexCount = how.dottedTail ? 6 : 8;
  const hex = values.slice(0, hexCount).map((value) => {
    const text = value.toString(16);
    const padded = how.padded ? text.padStart(4, "0") : text;
    return how.upperCase ? padded.toUpperCase() : padded;
  });
  const tail = how.dottedTail ? [`${values[6]! >> 8}.${values[6]! & 0xff}.${values[7]! >> 8}.${values[7]! & 0xff}`] : [];
  const runs = zeroRuns(values.slice(0, hexCount));
  let text: string;
  if (how.compress === null || runs.length === 0) {
    text = [...hex, ...tail].join(":");
  } else {
    const [start, length] = runs[how.compress % runs.length]!;
    const before = hex.slice(0, start).join(":");
    const after = [...hex.slice(start + length), ...tail].join(":");
    text = `${before}::${after}`;
  }
  if (how.zone) text += how.zone;
  return how.brackets ? `[${text}]` : text;
}

function keyOf(text: string): string | undefined {
  const client = clientOfAddress(text);
  return client.kind === "counted" ? client.key : undefined;
}

describe("an IPv6 address in any of its spellings", () => {
  it("is read as the same eight groups, and node agrees each spelling is an address", () => {
    fc.assert(
      fc.property(groups, spelling, (values, how) => {
        const text = spell(values, { ...how, brackets: false, zone: null });
        expect(isIPv6(text)).toBe(true);
        expect(ipv6Groups(text)).toEqual(values);
      }),
      { numRuns: 2000 },
    );
  });

  it("is the same client however it is written: compressed, expanded, upper case, a zone id, brackets", () => {
    fc.assert(
      fc.property(publicGroups, spelling, spelling, (values, one, other) => {
        const key = keyOf(spell(values, one));
        expect(key).toBeDefined();
        expect(keyOf(spell(values, other))).toBe(key);
      }),
      { numRuns: 2000 },
    );
  });

  it("is one client for all 2^64 addresses of a /64, and another client in any other /64", () => {
    const plain: Spelling = { padded: false, upperCase: false, compress: null, dottedTail: false, zone: null, brackets: false };
    fc.assert(
      fc.property(publicGroups, fc.array(group, { minLength: 4, maxLength: 4 }), publicGroups, (values, interfaceId, other) => {
        const sameSubnet = [...values.slice(0, 4), ...interfaceId];
        expect(keyOf(spell(sameSubnet, { ...plain, compress: 0 }))).toBe(keyOf(spell(values, { ...plain, padded: true, upperCase: true })));
        const differs = other.slice(0, 4).some((value, i) => value !== values[i]);
        expect(keyOf(spell(other, plain)) === keyOf(spell(values, plain))).toBe(!differs);
      }),
      { numRuns: 2000 },
    );
  });

  it("names its /64 in one canonical form", () => {
    expect(keyOf("2001:DB8:0000:0001:AAAA:BBBB:CCCC:DDDD")).toBe("2001:db8:0:1::/64");
    expect(keyOf("2001:db8:0:1::1")).toBe("2001:db8:0:1::/64");
    expect(keyOf("[2001:db8:0:1::ffff]:443")).toBe("2001:db8:0:1::/64");
    expect(keyOf("2001:db8::1")).toBe("2001:db8:0:0::/64");
  });
});

describe("an IPv4 address", () => {
  it("is its own client, written in IPv6 as a dual-stack socket names it or not", () => {
    fc.assert(
      fc.property(
        ipv4.filter(([a]) => a === 8 || a === 203 || a === 198),
        fc.boolean(),
        fc.boolean(),
        (bytes, dotted, upper) => {
          const plain = bytes.join(".");
          const high = ((bytes[0] << 8) | bytes[1]).toString(16);
          const low = ((bytes[2] << 8) | bytes[3]).toString(16);
          const prefix = upper ? "::FFFF:" : "::ffff:";
          const mapped = dotted ? `${prefix}${plain}` : `${prefix}${high}:${low}`;
          expect(keyOf(plain)).toBe(plain);
          expect(keyOf(mapped)).toBe(plain);
          expect(keyOf(`0:0:0:0:0:ffff:${plain}`)).toBe(plain);
          expect(keyOf(`${plain}:8080`)).toBe(plain);
        },
      ),
    );
  });

  it("reads only four decimal bytes", () => {
    expect(ipv4Bytes("203.0.113.7")).toEqual([203, 0, 113, 7]);
    for (const text of ["256.1.1.1", "1.2.3", "1.2.3.4.5", "01.2.3.4", "1.2.3.-4", "a.b.c.d", ""]) expect(ipv4Bytes(text)).toBeUndefined();
  });
});

describe("addresses that are never one visitor", () => {
  it("are this machine, private networks, link-local and carrier-grade NAT, in either family", () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.254",
      "192.168.1.10",
      "169.254.1.1",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "::",
      "0:0:0:0:0:0:0:1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.7",
      "fd12::1",
      "FC00::1",
      "fe80::1%eth0",
      "[fe80::1]:8080",
      "fec0::1",
    ]) {
      expect(clientOfAddress(address), address).toEqual({ kind: "shared" });
    }
  });

  it("leave their public neighbours counted", () => {
    for (const address of ["172.15.0.1", "172.32.0.1", "100.63.0.1", "100.128.0.1", "11.0.0.1", "fbff::1", "fe7f::1", "2001:db8::1"]) {
      expect(clientOfAddress(address).kind, address).toBe("counted");
    }
  });
});

describe("text that is not an address", () => {
  it("is unreadable, never a client of its own", () => {
    for (const text of ["", "unknown", "1:2:3:4:5:6:7:8:9", "1::2::3", ":::", "12345::", "g::1", "::ffff:1.2.3", "1.2.3.4.5", "[::1"]) {
      expect(clientOfAddress(text), text).toEqual({ kind: "unreadable" });
    }
  });

  it("is never read as an IPv6 address where node would not read one", () => {
    const text = fc.array(fc.constantFrom(..."0123456789abcdef:.".split("")), { maxLength: 40 }).map((chars) => chars.join(""));
    fc.assert(
      fc.property(text, (candidate) => (ipv6Groups(candidate) !== undefined) === isIPv6(candidate)),
      { numRuns: 5000 },
    );
  });
});
