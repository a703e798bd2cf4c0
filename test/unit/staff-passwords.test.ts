// A staff password: the rules a new one must meet (twelve characters as a person counts them,
// at most 256, never the email nor containing its name, not one character repeated, not on
// the list of common and leaked passwords), and how it is kept (scrypt, salted, its parameters
// written beside it) and checked.
import { describe, expect, it } from "vitest";
import { passwordMessages, passwordProblem as problemWith, passwordRules, type RefusedPasswords } from "../../app/funnel/staff";
import { hashPassword, passwordVerifies, productionCost } from "../../app/server/staff/passwords.server";
import { refusedPasswords } from "../../app/server/staff/refused-passwords.server";

const email = "maria.lopez.clinic@example.com";

/** A list of two, for the rules other than the list's own. */
const aFewRefused: RefusedPasswords = new Set(["password", "qwertyuiop123"]);

function passwordProblem(password: string, forEmail: string) {
  return problemWith(password, forEmail, aFewRefused);
}

describe("a new password's rules", () => {
  it("asks for one when it is empty", () => {
    expect(passwordProblem("", email)).toBe(passwordMessages.missing);
    expect(passwordMessages.missing).toBe("Enter a password.");
  });

  it("takes twelve characters and refuses eleven", () => {
    expect(passwordRules.minLength).toBe(12);
    expect(passwordProblem("a".repeat(11), email)).toBe(passwordMessages.short);
    expect(passwordMessages.short).toBe("Enter a password of 12 characters or more.");
    expect(passwordProblem("abcdefghijk", email)).toBe(passwordMessages.short);
    expect(passwordProblem("abcdefghijkl", email)).toBeUndefined();
    expect(passwordProblem("correct horse battery staple", email)).toBeUndefined();
  });

  it("counts characters as a person does, not UTF-16 units", () => {
    // Each of these is one character and two UTF-16 units.
    expect("🌙".length).toBe(2);
    expect(passwordProblem("🌙☀".repeat(5) + "🌙", email)).toBe(passwordMessages.short);
    expect(passwordProblem("🌙☀".repeat(6), email)).toBeUndefined();
    expect(passwordProblem("🌙☀".repeat(128), email)).toBeUndefined();
    expect(passwordProblem("🌙☀".repeat(128) + "🌙", email)).toBe(passwordMessages.long);
  });

  it("takes 256 characters and refuses 257", () => {
    expect(passwordRules.maxLength).toBe(256);
    expect(passwordProblem("ab".repeat(128), email)).toBeUndefined();
    expect(passwordProblem("ab".repeat(128) + "a", email)).toBe(passwordMessages.long);
    expect(passwordMessages.long).toBe("Enter a password of 256 characters or fewer.");
  });

  it("refuses the person's email and the part before the @, in any case and with spaces around", () => {
    for (const password of [
      email,
      email.toUpperCase(),
      "Maria.Lopez.Clinic@Example.com",
      "maria.lopez.clinic",
      "MARIA.LOPEZ.CLINIC",
      "  maria.lopez.clinic  ",
    ]) {
      expect(passwordProblem(password, email), password).toBe(passwordMessages.email);
    }
    // The email as kept may itself be written differently.
    expect(passwordProblem("maria.lopez.clinic", " Maria.Lopez.Clinic@EXAMPLE.com ")).toBe(passwordMessages.email);
    expect(passwordMessages.email).toBe("Your password must not be your email address.");
    // The domain alone is no one's name.
    expect(passwordProblem("example.com and more", email)).toBeUndefined();
  });

  it("refuses a password that contains the person's email name, in any case, from three characters on", () => {
    for (const password of ["maria.lopez.clinic-2025", "my MARIA.LOPEZ.CLINIC password", "2025maria.lopez.clinic"]) {
      expect(passwordProblem(password, email), password).toBe(passwordMessages.emailName);
    }
    expect(passwordMessages.emailName).toBe(
      "Your password must not contain your email name (the part of your email address before the @).",
    );
    expect(passwordProblem("bob is my uncle, truly", "Bob@example.com")).toBe(passwordMessages.emailName);
    // Two characters are in too many passwords to be a name: "jo" is refused only as the whole password.
    expect(passwordProblem("a journey to the sea", "jo@example.com")).toBeUndefined();
    // Its parts are not the name: only the whole of it.
    expect(passwordProblem("maria walks by the clinic", email)).toBeUndefined();
  });

  it("refuses one character repeated, whatever the case and the spaces", () => {
    for (const password of ["aaaaaaaaaaaa", "AAAAAAaaaaaa", "a a a a a a a", "111111111111", "🌙".repeat(12), "            "]) {
      expect(passwordProblem(password, email), password).toBe(passwordMessages.repeated);
    }
    expect(passwordMessages.repeated).toBe("Your password must not be one character repeated.");
    expect(passwordProblem("aaaaaaaaaaab", email)).toBeUndefined();
  });

  it("refuses a password on the list, in any case, and its word with digits or signs around it", () => {
    for (const password of ["qwertyuiop123", "QwertyUiop123", "Password1234", "1234password!!", "!!PASSWORD2025!!"]) {
      expect(passwordProblem(password, email), password).toBe(passwordMessages.common);
    }
    expect(passwordMessages.common).toBe(
      "This password is on a list of common or leaked passwords, so it would be guessed early. Choose another: a few words you will remember make a good one.",
    );
    // Inside other words it is the person's own passphrase.
    expect(passwordProblem("my password is a river", email)).toBeUndefined();
  });
});

describe("the list of common and leaked passwords (@zxcvbn-ts/language-common)", () => {
  const list = refusedPasswords();
  const problemOf = (password: string, forEmail = email) => problemWith(password, forEmail, list);

  it("refuses the common passwords of twelve characters or more, and a common word with digits", () => {
    for (const password of [
      "password1234",
      "qwertyuiop123",
      "123456789012",
      "1qaz2wsx3edc",
      "iloveyou2024",
      "Sunshine12345!",
      "football2020!",
    ]) {
      expect(problemOf(password), password).toBe(passwordMessages.common);
    }
  });

  it("takes passphrases and the passwords the tests and the seeded people use", () => {
    for (const password of [
      "correct horse battery staple",
      "a walk by the river at dawn",
      "tea in the garden after rain",
      "a long new password of mine",
      "a-test-staff-password",
      // The end-to-end suite's owner password (its email is another person's here).
      "e2e-owner-password-0123456789",
    ]) {
      expect(problemOf(password, "someone@example.com"), password).toBeUndefined();
    }
  });
});

describe("a password kept and checked", () => {
  it("verifies the password it was made from and nothing else", async () => {
    const stored = await hashPassword("a-test-staff-password");
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/);
    expect(stored).not.toContain("a-test-staff-password");
    expect(await passwordVerifies("a-test-staff-password", stored)).toBe(true);
    expect(await passwordVerifies("a-test-staff-passworD", stored)).toBe(false);
    expect(await passwordVerifies("a-test-staff-password ", stored)).toBe(false);
    expect(await passwordVerifies("", stored)).toBe(false);
  });

  it("hashes at 2^15 outside the tests, and verifies what that cost kept", async () => {
    expect(productionCost).toEqual({ N: 32768, r: 8, p: 1 });
    // The module as a server loads it: a process of its own without VITEST.
    const { execFileSync } = await import("node:child_process");
    const environment = { ...process.env };
    delete environment.VITEST;
    const script =
      'import("./app/server/staff/passwords.server.ts").then(async (m) => console.log(await m.hashPassword("a-test-staff-password")))';
    const stored = execFileSync(process.execPath, ["--import", "tsx", "-e", script], { env: environment, encoding: "utf8" }).trim();
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/);
    expect(await passwordVerifies("a-test-staff-password", stored)).toBe(true);
    expect(await passwordVerifies("a-test-staff-passworD", stored)).toBe(false);
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
    for (const kept of [
      null,
      undefined,
      "",
      "garbage",
      "scrypt$32768$8$1$short$short",
      `bcrypt$32768$8$1$${salt}$${hash}`,
      `${stored}x!`,
    ]) {
      expect(await passwordVerifies("a-test-staff-password", kept), String(kept)).toBe(false);
    }
  });
});
