// OWNER_PASSWORD, else one generated once into the data folder, so a fresh clone has a console
// with no settings. The log says where it is, never what: logs reach more people and systems.
import { readFileSync, unlinkSync } from "node:fs";
import path from "node:path";
import { config, type Settings } from "../config.server";
import { log } from "../log.server";
import { randomSecret, readOrMakeSecretFile } from "../secrets/secret-file.server";

export const ownerPasswordFileName = "owner-password";

export type OwnerPasswordSource = { kind: "setting" } | { kind: "file"; file: string } | { kind: "memory" };

export function ownerPasswordSource(settings: Settings = config()): OwnerPasswordSource {
  if (settings.OWNER_PASSWORD) return { kind: "setting" };
  if (settings.DATA_DIR === "memory://") return { kind: "memory" };
  return { kind: "file", file: path.resolve(settings.DATA_DIR, ownerPasswordFileName) };
}

/** 32 base64url characters: nothing to escape in a shell or a URL. */
const passwordBytes = 24;

/** Made there first when there is none. */
export function readOrMakePasswordFile(file: string): string {
  return readOrMakeSecretFile(file, { bytes: passwordBytes, name: "owner password" });
}

let kept: string | undefined;

export function ownerPassword(): string {
  if (kept) return kept;
  const settings = config();
  const source = ownerPasswordSource(settings);
  if (source.kind === "setting") return (kept = settings.OWNER_PASSWORD!);
  if (source.kind === "memory") return (kept = randomSecret(passwordBytes));
  return (kept = readOrMakePasswordFile(source.file));
}

/** Without making one. */
export function ownerPasswordInFile(settings: Settings = config()): string | undefined {
  const source = ownerPasswordSource(settings);
  if (source.kind !== "file") return undefined;
  try {
    return readFileSync(source.file, "utf8").trim() || undefined;
  } catch {
    return undefined;
  }
}

/** Once the first owner has their own password, so a backup holds no password that once opened the console. */
export function forgetOwnerPasswordFile(settings: Settings = config()): boolean {
  const source = ownerPasswordSource(settings);
  if (source.kind !== "file") return false;
  kept = undefined;
  try {
    unlinkSync(source.file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}

/** No address goes into the log: the email is the OWNER_EMAIL setting. */
export function announceOwnerPassword(): void {
  const source = ownerPasswordSource();
  ownerPassword();
  if (source.kind === "setting") {
    log.info({ console: "/owner" }, "console: the first owner signs in with the OWNER_EMAIL and OWNER_PASSWORD settings");
  } else if (source.kind === "file") {
    log.info(
      { console: "/owner", passwordFile: source.file },
      "console: the first owner signs in with the OWNER_EMAIL setting and the password in this file",
    );
  } else {
    log.warn({ console: "/owner" }, "console: set OWNER_PASSWORD to sign in (DATA_DIR is memory://, so no password file is kept)");
  }
}
