// A secret kept in a file of the data folder (the session secret, the owner's console
// password), so the embedded default starts with no settings and keeps its secrets across
// restarts. Made once, readable by its owner only; never logged.
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** `bytes` random bytes in base64url: nothing to escape in a shell, a URL or a cookie. */
export function randomSecret(bytes: number): string {
  return randomBytes(bytes).toString("base64url");
}

/**
 * The secret kept in `file`, made there first (`bytes` random bytes) when there is none.
 * `name` says in an error which secret it is.
 */
export function readOrMakeSecretFile(file: string, { bytes, name }: { bytes: number; name: string }): string {
  let secret: string;
  try {
    secret = readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(path.dirname(file), { recursive: true });
    const made = randomSecret(bytes);
    try {
      // "wx": when two processes race, the second keeps the first one's secret.
      writeFileSync(file, made, { flag: "wx", mode: 0o600 });
      secret = made;
    } catch {
      secret = readFileSync(file, "utf8").trim();
    }
  }
  if (!secret) throw new Error(`The ${name} file ${file} is empty`);
  return secret;
}
