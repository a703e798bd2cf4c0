// The owner's console password: OWNER_PASSWORD when set, otherwise one generated once and kept
// in the data folder (as the session secret is), so a fresh clone has a console with no
// settings. The log says where to find it, never what it is: logs are read by more people and
// systems than the owner.
import { createHash, timingSafeEqual } from "node:crypto";
import path from "node:path";
import { config, type Settings } from "../config.server";
import { log } from "../log.server";
import { randomSecret, readOrMakeSecretFile } from "../secrets/secret-file.server";

export const ownerPasswordFileName = "owner-password";

/** Where the password comes from: the setting, a file in the data folder, or this process only. */
export type OwnerPasswordSource = { kind: "setting" } | { kind: "file"; file: string } | { kind: "memory" };

export function ownerPasswordSource(settings: Settings = config()): OwnerPasswordSource {
  if (settings.OWNER_PASSWORD) return { kind: "setting" };
  if (settings.DATA_DIR === "memory://") return { kind: "memory" };
  return { kind: "file", file: path.resolve(settings.DATA_DIR, ownerPasswordFileName) };
}

/** 24 random bytes: 32 base64url characters, nothing to escape in a shell or a URL. */
const passwordBytes = 24;

/** The password kept in `file`, made there first when there is none. */
export function readOrMakePasswordFile(file: string): string {
  return readOrMakeSecretFile(file, { bytes: passwordBytes, name: "owner password" });
}

let kept: string | undefined;

/** The password of this process's console. */
export function ownerPassword(): string {
  if (kept) return kept;
  const settings = config();
  const source = ownerPasswordSource(settings);
  if (source.kind === "setting") return (kept = settings.OWNER_PASSWORD!);
  if (source.kind === "memory") return (kept = randomSecret(passwordBytes));
  return (kept = readOrMakePasswordFile(source.file));
}

/**
 * Whether `given` is the password, in a time that does not depend on where they differ: both
 * are hashed first, so the comparison is of equal lengths whatever was typed.
 */
export function passwordMatches(given: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();
  return timingSafeEqual(digest(given), digest(ownerPassword()));
}

/** At start: makes the password if it is to be made, and logs where the owner finds it. */
export function announceOwnerPassword(): void {
  const source = ownerPasswordSource();
  ownerPassword();
  if (source.kind === "setting") {
    log.info({ console: "/owner" }, "owner's console: the password is the OWNER_PASSWORD setting");
  } else if (source.kind === "file") {
    log.info({ console: "/owner", passwordFile: source.file }, "owner's console: the password is in this file");
  } else {
    log.warn({ console: "/owner" }, "owner's console: set OWNER_PASSWORD to sign in (DATA_DIR is memory://, so no password file is kept)");
  }
}
