// Two-step sign-in's pieces on a fixed clock: which authenticator codes are taken (the step of
// now and its neighbours, once each, six digits only), the sealed secret, and the recovery
// codes. The keyed hashes and the seal use the session secret this test process makes for
// itself (DATA_DIR=memory://, test/setup-env.ts).
import { generate, generateSecret } from "otplib";
import { describe, expect, it } from "vitest";
import {
  codeStep,
  newRecoveryCodes,
  openSecret,
  recoveryCodeCount,
  recoveryCodeHash,
  recoveryCodePattern,
  sealSecret,
  typedCode,
} from "../../app/server/staff/two-step.server";

/** Halfway through a thirty-second step, so a step either side is a whole step away. */
const now = new Date("2025-06-02T12:00:15Z");
const stepOf = (at: Date) => Math.floor(at.getTime() / 30_000);
const step = stepOf(now);
const secondsFromNow = (seconds: number) => new Date(now.getTime() + seconds * 1000);

/** The code an authenticator app shows at `at`. */
const codeAt = (secret: string, at: Date) => generate({ secret, epoch: Math.floor(at.getTime() / 1000) });

describe("an authenticator's code", () => {
  const secret = generateSecret();
  const sealed = sealSecret(secret);

  it("is taken for the step of now, and of the step before and after (a phone's clock drifts)", async () => {
    expect(await codeStep(sealed, await codeAt(secret, now), null, now)).toBe(step);
    expect(await codeStep(sealed, await codeAt(secret, secondsFromNow(-30)), null, now)).toBe(step - 1);
    expect(await codeStep(sealed, await codeAt(secret, secondsFromNow(30)), null, now)).toBe(step + 1);
  });

  it("is refused two steps away, either side", async () => {
    for (const seconds of [-60, 60, -90, 300]) {
      const code = await codeAt(secret, secondsFromNow(seconds));
      // A code of another step may by chance equal one inside the window; then it proves that step.
      const inWindow = await Promise.all([-30, 0, 30].map((s) => codeAt(secret, secondsFromNow(s))));
      if (inWindow.includes(code)) continue;
      expect(await codeStep(sealed, code, null, now), `${seconds} s`).toBeUndefined();
    }
  });

  it("is taken once: refused when its step is not after the last step taken", async () => {
    const code = await codeAt(secret, now);
    expect(await codeStep(sealed, code, step - 1, now)).toBe(step);
    // The same code again (a replay, a second tab) and a code older than the last one taken.
    expect(await codeStep(sealed, code, step, now)).toBeUndefined();
    expect(await codeStep(sealed, await codeAt(secret, secondsFromNow(-30)), step, now)).toBeUndefined();
    expect(await codeStep(sealed, code, step + 1, now)).toBeUndefined();
    // A last step well ahead of this clock (a clock set back): refused, never an error.
    expect(await codeStep(sealed, code, step + 5, now)).toBeUndefined();
    // A later code after that is still good.
    expect(await codeStep(sealed, await codeAt(secret, secondsFromNow(30)), step, now)).toBe(step + 1);
  });

  it("is six digits and nothing else", async () => {
    const code = await codeAt(secret, now);
    for (const typed of [
      code.slice(0, 5),
      `${code}0`,
      `${code.slice(0, 5)}a`,
      `${code.slice(0, 3)} ${code.slice(3)}`,
      ` ${code}`,
      "",
      "١٢٣٤٥٦",
    ]) {
      expect(await codeStep(sealed, typed, null, now), JSON.stringify(typed)).toBeUndefined();
    }
    // As typed from an app that shows "123 456", spaces and dashes are dropped first.
    expect(typedCode(`${code.slice(0, 3)} ${code.slice(3)}`)).toBe(code);
    expect(typedCode(`${code.slice(0, 3)}-${code.slice(3)}`)).toBe(code);
  });

  it("is refused for a secret it was not made from", async () => {
    const other = sealSecret(generateSecret());
    const code = await codeAt(secret, now);
    const inOthers = await Promise.all([-30, 0, 30].map((s) => codeAt(openSecret(other)!, secondsFromNow(s))));
    if (!inOthers.includes(code)) expect(await codeStep(other, code, null, now)).toBeUndefined();
  });
});

describe("the sealed secret", () => {
  it("opens to what was sealed, and each seal is different", () => {
    const secret = generateSecret();
    const sealed = sealSecret(secret);
    expect(openSecret(sealed)).toBe(secret);
    expect(sealed).not.toContain(secret);
    const again = sealSecret(secret);
    expect(again).not.toBe(sealed);
    expect(openSecret(again)).toBe(secret);
  });

  it("opens to nothing when damaged, and a damaged seal takes no code", async () => {
    const secret = generateSecret();
    const sealed = sealSecret(secret);
    const [iv, tag, body] = sealed.split(".") as [string, string, string];
    const flip = (part: string) => `${part[0] === "A" ? "B" : "A"}${part.slice(1)}`;
    for (const damaged of [
      `${flip(iv)}.${tag}.${body}`,
      `${iv}.${flip(tag)}.${body}`,
      `${iv}.${tag}.${flip(body)}`,
      `${iv}.${tag}`,
      "",
      "garbage",
      "a.b.c",
      secret,
    ]) {
      expect(openSecret(damaged), damaged).toBeUndefined();
    }
    expect(await codeStep(`${iv}.${tag}.${flip(body)}`, await codeAt(secret, now), null, now)).toBeUndefined();
  });
});

describe("recovery codes", () => {
  it("are ten, all different, two groups of five without look-alike characters", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(recoveryCodeCount);
    expect(recoveryCodeCount).toBe(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
      expect(code).toMatch(recoveryCodePattern);
    }
    // Another set shares none of them.
    expect(newRecoveryCodes().filter((code) => codes.includes(code))).toEqual([]);
  });

  it("are looked up whatever the case and with or without the dash", () => {
    const hash = recoveryCodeHash("abcde-fghjk");
    expect(recoveryCodeHash("ABCDE-FGHJK")).toBe(hash);
    expect(recoveryCodeHash("abcdefghjk")).toBe(hash);
    expect(recoveryCodeHash(" Abcde fghjk ")).toBe(hash);
    expect(recoveryCodeHash("abcde-fghjm")).not.toBe(hash);
    // The hash is keyed: it is not the code, nor a plain digest of it.
    expect(hash).not.toContain("abcde");
    expect(recoveryCodePattern.test("ABCDE-FGHJK")).toBe(false);
    expect(recoveryCodePattern.test("abcdefghjk")).toBe(true);
  });
});
