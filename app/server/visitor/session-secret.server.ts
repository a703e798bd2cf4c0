// The secret that signs the session cookie: SESSION_SECRET when set, otherwise one generated
// once and kept in the local data folder, so the embedded default starts with no settings.
import path from "node:path";
import { config } from "../config.server";
import { randomSecret, readOrMakeSecretFile } from "../secrets/secret-file.server";

let secret: string | undefined;

export function sessionSecret(): string {
  if (secret) return secret;
  const settings = config();
  if (settings.SESSION_SECRET) return (secret = settings.SESSION_SECRET);
  if (settings.DATA_DIR === "memory://") return (secret = randomSecret(32));
  return (secret = readOrMakeSecretFile(path.resolve(settings.DATA_DIR, "session-secret"), { bytes: 32, name: "session secret" }));
}
