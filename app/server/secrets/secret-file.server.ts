// A secret kept in a file of the data folder (the session secret, the owner's console
// password), so the embedded default starts with no settings and keeps its secrets across
// restarts. Made once, readable by its owner only; never logged.
import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { keepDataFolderPrivate } from "../db/data-folder.server";

/** `bytes` random bytes in base64url: nothing to escape in a shell, a URL or a cookie. */
export function randomSecret(bytes: number): string {
  return randomBytes(bytes).toString("base64url");
}

/**
 * The secret kept in `file`, made there first (`bytes` random bytes) when there is none.
 * `name` says in an error which secret it is.
 */
export function readOrMakeSecretFile(file: string, { bytes, name }: { bytes: number; name: string }): string {
  // Its folder is the data folder, its user's alone: made or tightened here too, as with
  // PostgreSQL nothing else opens it.
  keepDataFolderPrivate(path.dirname(file));
  let secret: string;
  try {
    secret = readFileSync(file, "utf8").trim();
  } catch {
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
