// Two-step sign-in: the password first, then the authenticator's code (or a recovery code,
// once); a code is never taken twice; a half sign-in opens no page and ends after ten
// minutes; a person without an authenticator may turn it on when signed in. Each outcome is
// in the audit log.
import { generateSecret } from "otplib";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as signIn from "../../app/routes/owner._index/route";
import * as ordersList from "../../app/routes/owner.orders._index/route";
import * as twoStep from "../../app/routes/owner.two-step/route";
import { auditRows } from "../../app/server/db/stores/audit-log.server";
import { countRecoveryCodes, findStaffMember, replaceRecoveryCodes } from "../../app/server/db/stores/staff-members.server";
import { ensureFirstOwner } from "../../app/server/staff/first-owner.server";
import { recoveryCodeHash } from "../../app/server/staff/two-step.server";
import { cookieOf, resetDatabase, TestBrowser } from "../support/route-harness";
import { aPerson, codeFor, signInForm, staffPassword } from "../support/staff";

beforeEach(async () => {
  await resetDatabase();
  await ensureFirstOwner();
});

afterEach(() => {
  vi.useRealTimers();
});

async function passwordStep(email: string): Promise<TestBrowser> {
  const browser = new TestBrowser();
  const answer = await browser.call(signIn.action, "/owner", { form: signInForm(staffPassword, email) });
  expect(answer).toRedirectTo("/owner/two-step");
  // Half signed in: no session yet, only the pending cookie.
  expect(cookieOf(answer, "__owner")).toBeUndefined();
  expect(cookieOf(answer, "__owner_pending")).toBeDefined();
  return browser;
}

function sendCode(browser: TestBrowser, code: string) {
  return browser.call(twoStep.action, "/owner/two-step", { form: { code } });
}

async function actionsOf(staffId: string): Promise<string[]> {
  return (await auditRows({ staffId }, 100)).map((row) => row.action).reverse();
}

describe("a person with an authenticator", () => {
  it("signs in with the password and then the code; before the code no page opens", async () => {
    const secret = generateSecret();
    const clinician = await aPerson("clinician", { secret });
    const browser = await passwordStep(clinician.email);
    expect(await browser.call(ordersList.loader, "/owner/orders")).toRedirectTo("/owner");
    const page = await browser.call(twoStep.loader, "/owner/two-step");
    expect(page.data).toMatchObject({ mode: "code" });

    const answer = await sendCode(browser, await codeFor(secret));
    expect(answer).toRedirectTo("/owner/reviews");
    expect(cookieOf(answer, "__owner")).toBeDefined();
    expect((await findStaffMember(clinician.id))!.lastSignInAt).not.toBeNull();
    expect(await actionsOf(clinician.id)).toEqual(["signed-in"]);
  });

  it("refuses a wrong code with 401, counts it, and never takes the same code twice", async () => {
    const secret = generateSecret();
    const support = await aPerson("support", { secret });
    const first = await passwordStep(support.email);
    const wrong = await sendCode(first, "000000" === (await codeFor(secret)) ? "111111" : "000000");
    expect(wrong).toHaveStatus(401);
    expect(wrong.data.lastResult.error.code[0]).toMatch(/^The code is not right\./);

    const code = await codeFor(secret);
    expect(await sendCode(first, code)).toRedirectTo("/owner/orders");
    // Someone who saw the code over her shoulder, with her password, a second later: refused.
    const second = await passwordStep(support.email);
    expect(await sendCode(second, code)).toHaveStatus(401);
    expect(await actionsOf(support.id)).toEqual(["sign-in-failed", "signed-in", "sign-in-failed"]);
  });

  it("takes a recovery code once, any case, with or without its dash", async () => {
    const support = await aPerson("support", { secret: generateSecret() });
    await replaceRecoveryCodes(support.id, [recoveryCodeHash("abcde-fghjk")]);
    const first = await passwordStep(support.email);
    expect(await sendCode(first, "ABCDEFGHJK")).toRedirectTo("/owner/orders");
    expect(await countRecoveryCodes(support.id)).toBe(0);
    const again = await passwordStep(support.email);
    expect(await sendCode(again, "abcde-fghjk")).toHaveStatus(401);
    expect(await actionsOf(support.id)).toEqual(["recovery-code-used", "signed-in", "sign-in-failed"]);
  });

  it("ends the half sign-in after ten minutes: the code page sends her back to the password", async () => {
    const secret = generateSecret();
    const support = await aPerson("support", { secret });
    const browser = await passwordStep(support.email);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 10 * 60_000 + 1_000 });
    expect(await browser.call(twoStep.loader, "/owner/two-step")).toRedirectTo("/owner");
    const late = await sendCode(browser, await codeFor(secret));
    expect(late).toHaveStatus(403);
    expect(cookieOf(late, "__owner")).toBeUndefined();
  });
});

describe("a person without an authenticator, signed in", () => {
  it("turns two-step sign-in on: a QR code drawn on the server, the secret as text, a first code, ten recovery codes once", async () => {
    const support = await aPerson("support");
    const browser = new TestBrowser();
    expect(await browser.call(signIn.action, "/owner", { form: signInForm(staffPassword, support.email) })).toRedirectTo("/owner/orders");

    const page = await browser.call(twoStep.loader, "/owner/two-step");
    expect(page.data).toMatchObject({ mode: "enrol", signedIn: true });
    expect(page.data.qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    const secret = (page.data.secretText as string).replace(/ /g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // The secret is sealed at rest, never in clear.
    expect(JSON.stringify(await findStaffMember(support.id))).not.toContain(secret);

    const wrong = await sendCode(browser, "12345");
    expect(wrong).toHaveStatus(401);
    const answer = await sendCode(browser, await codeFor(secret));
    expect(answer).toHaveStatus(200);
    expect(answer.data.recoveryCodes).toHaveLength(10);
    expect(new Set(answer.data.recoveryCodes).size).toBe(10);
    expect(await countRecoveryCodes(support.id)).toBe(10);

    // From now on, the password alone is not enough.
    const next = new TestBrowser();
    expect(await next.call(signIn.action, "/owner", { form: signInForm(staffPassword, support.email) })).toRedirectTo("/owner/two-step");
    expect(await actionsOf(support.id)).toEqual(["signed-in", "sign-in-failed", "two-step-enrolled"]);
  });
});

describe("the first owner", () => {
  it("is made once, when there is no active owner", async () => {
    expect(await ensureFirstOwner()).toBe(false);
    const rows = await auditRows({ action: "person-added" }, 10);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ staffName: "Server start", staffId: null });
  });
});
