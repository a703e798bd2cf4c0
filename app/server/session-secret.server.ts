// The secret that signs the session cookie: SESSION_SECRET when set, otherwise one generated
// once and kept in the local data folder, so the embedded default starts with no settings.
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { config } from "./config.server";

let secret: string | undefined;

export function sessionSecret(): string {
  if (secret) return secret;
  const settings = config();
  if (settings.SESSION_SECRET) return (secret = settings.SESSION_SECRET);
  if (settings.DATA_DIR === "memory://") return (secret = randomBytes(32).toString("base64url"));
  const file = path.resolve(settings.DATA_DIR, "session-secret");
  try {
    secret = readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(settings.DATA_DIR, { recursive: true });
    const generated = randomBytes(32).toString("base64url");
    try {
      // "wx": when two processes race, the second keeps the first one's secret.
      writeFileSync(file, generated, { flag: "wx", mode: 0o600 });
      secret = generated;
    } catch {
      secret = readFileSync(file, "utf8").trim();
    }
  }
  if (!secret) throw new Error(`The session secret file ${file} is empty`);
  return secret;
}
