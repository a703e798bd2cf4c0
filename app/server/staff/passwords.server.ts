// Staff passwords, hashed with scrypt (memory-hard, in Node itself: no native package to
// build). The stored form names its own parameters, so they can be raised later and old
// hashes still verify: scrypt$N$r$p$salt$hash, salt and hash in base64url.
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto";

/** 2^15 × 8 × 128 bytes: 32 MiB a hash, about a tenth of a second on one core here. */
export const productionCost = { N: 2 ** 15, r: 8, p: 1 } as const;
/**
 * Under vitest (which sets VITEST; no deployment does) 2^10: the same code and stored form at a
 * thirty-second of the work, for a suite that hashes hundreds of passwords. Every server,
 * the end-to-end suite's included, uses the full cost.
 */
const cost = process.env.VITEST ? ({ N: 2 ** 10, r: 8, p: 1 } as const) : productionCost;
const keyLength = 32;

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // maxmem above the 32 MiB these parameters need (Node's default is exactly 32 MiB).
    scryptCallback(password.normalize("NFC"), salt, keyLength, { ...options, maxmem: 128 * options.N! * options.r! * 2 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, cost);
  return ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

const storedPattern = /^scrypt\$(\d{1,7})\$(\d{1,2})\$(\d{1,2})\$([A-Za-z0-9_-]{16,64})\$([A-Za-z0-9_-]{16,128})$/;

/**
 * Whether `password` is the one `stored` was made from. With nothing stored (no such person,
 * or no password yet) a hash is still computed, so the answer takes as long as a real one and
 * does not tell which emails are on the staff.
 */
export async function passwordVerifies(password: string, stored: string | null | undefined): Promise<boolean> {
  const match = stored ? storedPattern.exec(stored) : null;
  if (!match) {
    await scrypt(password, randomBytes(16), cost);
    return false;
  }
  const [, N, r, p, salt, hash] = match;
  const expected = Buffer.from(hash!, "base64url");
  const key = await scrypt(password, Buffer.from(salt!, "base64url"), { N: Number(N), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}
