// A staff password: the rules a new one must meet (twelve characters as a person counts them,
// at most 256, never the email or its first part), and how it is kept (scrypt, salted, its
// parameters written beside it) and checked.
import { describe, expect, it } from "vitest";
import { passwordMessages, passwordProblem, passwordRules } from "../../app/funnel/staff";
import { hashPassword, passwordVerifies } from "../../app/server/staff/passwords.server";

const email = "maria.lopez.clinic@example.com";

describe("a new password's rules", () => {
  it("asks for one when it is empty", () => {
    expect(passwordProblem("", email)).toBe(passwordMessages.missing);
    expect(passwordMessages.missing).toBe("Enter a password.");
  });

  it("takes twelve characters and refuses eleven", () => {
    expect(passwordRules.minLength).toBe(12);
    expect(passwordProblem("a".repeat(11), email)).toBe(passwordMessages.short);
    expect(passwordMessages.short).toBe("Enter a password of 12 characters or more.");
    expect(passwordProblem("a".repeat(12), email)).toBeUndefined();
    expect(passwordProblem("correct horse battery staple", email)).toBeUndefined();
  });

  it("counts characters as a person does, not UTF-16 units", () => {
    // Each of these is one character and two UTF-16 units.
    expect("🌙".length).toBe(2);
    expect(passwordProblem("🌙".repeat(11), email)).toBe(passwordMessages.short);
    expect(passwordProblem("🌙".repeat(12), email)).toBeUndefined();
    expect(passwordProblem("🌙".repeat(256), email)).toBeUndefined();
    expect(passwordProblem("🌙".repeat(257), email)).toBe(passwordMessages.long);
  });

  it("takes 256 characters and refuses 257", () => {
    expect(passwordRules.maxLength).toBe(256);
    expect(passwordProblem("a".repeat(256), email)).toBeUndefined();
    expect(passwordProblem("a".repeat(257), email)).toBe(passwordMessages.long);
    expect(passwordMessages.long).toBe("Enter a password of 256 characters or fewer.");
  });

  it("refuses the person's email and the part before the @, in any case and with spaces around", () => {
    for (const password of [email, email.toUpperCase(), "Maria.Lopez.Clinic@Example.com", "maria.lopez.clinic", "MARIA.LOPEZ.CLINIC", "  maria.lopez.clinic  "]) {
      expect(passwordProblem(password, email), password).toBe(passwordMessages.email);
    }
    // The email as kept may itself be written differently.
    expect(passwordProblem("maria.lopez.clinic", " Maria.Lopez.Clinic@EXAMPLE.com ")).toBe(passwordMessages.email);
    expect(passwordMessages.email).toBe("Your password must not be your email address.");
    // A password that only contains them is the person's own choice.
    expect(passwordProblem("maria.lopez.clinic-2025", email)).toBeUndefined();
    expect(passwordProblem("example.com and more", email)).toBeUndefined();
  });
});

describe("a password kept and checked", () => {
  it("verifies the password it was made from and nothing else", async () => {
    const stored = await hashPassword("a-test-staff-password");
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/);
    expect(stored).not.toContain("a-test-staff-password");
    expect(await passwordVerifies("a-test-staff-password", stored)).toBe(true);
    expect(await passwordVerifies("a-test-staff-passworD", stored)).toBe(false);
    expect(await passwordVerifies("a-test-staff-password ", stored)).toBe(false);
    expect(await passwordVerifies("", stored)).toBe(false);
  });

  it("salts each hash: one password kept twice is kept differently, and both verify", async () => {
    const first = await hashPassword("the same password");
    const second = await hashPassword("the same password");
    expect(first).not.toBe(second);
    expect(await passwordVerifies("the same password", first)).toBe(true);
    expect(await passwordVerifies("the same password", second)).toBe(true);
  });

  it("takes an accented letter however the keyboard composed it", async () => {
    const composed = "café au lait, s'il vous plaît";
    const decomposed = composed.normalize("NFD");
    expect(decomposed).not.toBe(composed);
    expect(await passwordVerifies(decomposed, await hashPassword(composed))).toBe(true);
  });

  it("says false, never throws, when nothing or garbage is kept", async () => {
    const stored = await hashPassword("a-test-staff-password");
    const [, , , , salt, hash] = stored.split("$");
    for (const kept of [null, undefined, "", "garbage", "scrypt$32768$8$1$short$short", `bcrypt$32768$8$1$${salt}$${hash}`, `${stored}x!`]) {
      expect(await passwordVerifies("a-test-staff-password", kept), String(kept)).toBe(false);
    }
  });
});
