// Guessing at the console's sign-in as an attacker would: authentication codes tried across
// several password sign-ins, bursts of codes and passwords sent at once, a right password
// alone trying to earn a known browser, and failures for emails that are no account. Each try
// is counted before it is checked, so no burst is checked more often than its limit.
import { generateSecret } from "otplib";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as signIn from "../../app/routes/owner._index/route";
import * as funnelPage from "../../app/routes/owner.funnel/route";
import * as twoStep from "../../app/routes/owner.two-step/route";
import { auditRows } from "../../app/server/db/stores/audit-log.server";
import { clientAddressHeader } from "../../app/server/http/client-address.server";
import { signInLimits } from "../../app/server/console/sign-in-throttle.server";
import { ensureFirstOwner } from "../../app/server/staff/first-owner.server";
import { runPrunes } from "../../app/server/workers/prunes.server";
import { cookieOf, resetDatabase, TestBrowser, type RouteAnswer } from "../support/route-harness";
import { aPerson, codeFor, ownerEmail, signedInOwner, signInForm, staffPassword } from "../support/staff";

const minute = 60_000;
let now: number;

beforeEach(async () => {
  await resetDatabase();
  await ensureFirstOwner();
  now = Date.now();
  vi.useFakeTimers({ toFake: ["Date"], now });
});

afterEach(() => {
  vi.useRealTimers();
});

function pass(ms: number) {
  now += ms;
  vi.setSystemTime(now);
}

/** A public address as our server would have seen it (RFC 5737). */
const from = (address: string) => ({ [clientAddressHeader]: address });

function passwordTry(browser: TestBrowser, email: string, password: string, address = "198.51.100.20") {
  return browser.call(signIn.action, "/owner", { form: signInForm(password, email), headers: from(address) });
}

async function passwordStep(email: string, browser = new TestBrowser(), address?: string): Promise<TestBrowser> {
  expect(await passwordTry(browser, email, staffPassword, address)).toRedirectTo("/owner/two-step");
  return browser;
}

function sendCode(browser: TestBrowser, code: string) {
  return browser.call(twoStep.action, "/owner/two-step", { form: { code } });
}

/** A code that is not the one the authenticator shows now (nor the steps either side). */
async function wrongCode(secret: string, index: number): Promise<string> {
  const near = await Promise.all([-30_000, 0, 30_000].map((offset) => codeFor(secret, new Date(now + offset))));
  for (let n = index; ; n++) {
    const code = String(n % 1_000_000).padStart(6, "0");
    if (!near.includes(code)) return code;
  }
}

async function failuresAudited(staffId: string): Promise<number> {
  return (await auditRows({ staffId }, 1000)).filter((row) => row.action === "sign-in-failed").length;
}

const statuses = (answers: RouteAnswer[]) => answers.map((answer) => answer.status).sort();

describe("authentication codes", () => {
  it("are counted against the account across password sign-ins: a new password sign-in buys no more guesses", async () => {
    expect(signInLimits.code).toMatchObject({ limit: 10, windowMs: 15 * minute });
    const secret = generateSecret();
    const support = await aPerson("support", { secret });
    // Three password sign-ins, each from a browser and an address of its own, guessing codes.
    const checked: number[] = [];
    for (let round = 0; round < 3; round++) {
      const browser = await passwordStep(support.email, new TestBrowser());
      let wrong = 0;
      for (let i = 0; i < 10; i++) if ((await sendCode(browser, await wrongCode(secret, round * 10 + i))).status === 401) wrong++;
      checked.push(wrong);
    }
    expect(checked).toEqual([10, 0, 0]);
    expect(await failuresAudited(support.id)).toBe(10);

    // Even the right code waits now, with the time left said in words.
    const browser = await passwordStep(support.email);
    const refused = await sendCode(browser, await codeFor(secret));
    expect(refused).toHaveStatus(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("Retry-After"))).toBeLessThanOrEqual(15 * 60);
    expect(refused.data.lastResult.error[""][0]).toMatch(/^Too many sign-in attempts\. Please wait \d+ minutes? and try again\.$/);
    expect(cookieOf(refused, "__owner")).toBeUndefined();

    // Fifteen minutes after the first wrong code, the person signs in with hers.
    pass(15 * minute);
    const later = await passwordStep(support.email);
    expect(await sendCode(later, await codeFor(secret, new Date(now)))).toRedirectTo("/owner/orders");
  });

  it("sent forty at once on one browser are checked at most ten times", async () => {
    const secret = generateSecret();
    const clinician = await aPerson("clinician", { secret });
    const browser = await passwordStep(clinician.email);
    const codes = await Promise.all(Array.from({ length: 40 }, (_, i) => wrongCode(secret, 100 + i)));
    const answers = await Promise.all(codes.map((code) => sendCode(browser, code)));
    expect(statuses(answers)).toEqual([...Array(10).fill(401), ...Array(30).fill(429)]);
    expect(await failuresAudited(clinician.id)).toBe(10);
  });

  it("count only when wrong: the person's right codes leave her tries as they were", async () => {
    const secret = generateSecret();
    const owner = await aPerson("owner", { secret });
    for (let i = 0; i < 9; i++) {
      expect(
        await sendCode(await passwordStep(owner.email, new TestBrowser(), `203.0.113.${i + 1}`), await wrongCode(secret, i)),
      ).toHaveStatus(401);
    }
    expect(await sendCode(await passwordStep(owner.email), await codeFor(secret))).toRedirectTo("/owner/orders");
    const browser = await passwordStep(owner.email);
    expect(await sendCode(browser, await wrongCode(secret, 50))).toHaveStatus(401);
    expect(await sendCode(browser, await wrongCode(secret, 51))).toHaveStatus(429);
  });
});

describe("a right password alone", () => {
  it("earns no known-browser cookie: only the code's success does", async () => {
    const secret = generateSecret();
    const support = await aPerson("support", { secret });
    const browser = new TestBrowser();
    const afterPassword = await passwordTry(browser, support.email, staffPassword);
    expect(afterPassword).toRedirectTo("/owner/two-step");
    expect(cookieOf(afterPassword, "__owner_device")).toBeUndefined();
    const wrong = await sendCode(browser, await wrongCode(secret, 7));
    expect(cookieOf(wrong, "__owner_device")).toBeUndefined();

    const signedIn = await sendCode(browser, await codeFor(secret));
    expect(signedIn).toRedirectTo("/owner/orders");
    expect(cookieOf(signedIn, "__owner_device")).toBeDefined();
  });

  it("leaves a stranger a stranger: after twenty wrong passwords his right one waits, hers on her known browser does not", async () => {
    const secret = generateSecret();
    const support = await aPerson("support", { secret });
    // She signed in on this browser before.
    const hers = await passwordStep(support.email);
    expect(await sendCode(hers, await codeFor(secret))).toRedirectTo("/owner/orders");

    // A stranger who learnt the password signs in with it (no code): he is still a stranger.
    const stranger = new TestBrowser();
    expect(await passwordTry(stranger, support.email, staffPassword, "203.0.113.200")).toRedirectTo("/owner/two-step");
    for (let i = 0; i < 20; i++)
      expect(await passwordTry(new TestBrowser(), support.email, `guess-${i}`, `203.0.113.${i + 1}`)).toHaveStatus(401);
    expect(await passwordTry(stranger, support.email, staffPassword, "203.0.113.201")).toHaveStatus(429);
    // Her browser is not slowed by them.
    expect(await passwordTry(hers, support.email, staffPassword, "203.0.113.1")).toRedirectTo("/owner/two-step");
  });
});

describe("wrong passwords", () => {
  it("sent thirty at once from thirty addresses are checked at most twenty times", async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => passwordTry(new TestBrowser(), ownerEmail(), `guess-${i}`, `203.0.113.${i + 1}`)),
    );
    expect(statuses(answers)).toEqual([...Array(20).fill(401), ...Array(10).fill(429)]);
    expect((await auditRows({}, 1000)).filter((row) => row.action === "sign-in-failed")).toHaveLength(20);
  });
});

describe("failed sign-ins for emails that are no account", () => {
  // A hundred passwords hashed to compare (scrypt, as for a real account): slow on a busy machine.
  it("write no audit row: a hundred are counted in the health section, and go after 90 days", { timeout: 120_000 }, async () => {
    const before = (await auditRows({}, 1000)).length;
    for (let i = 0; i < 100; i++) {
      const address = `203.0.${113 + Math.floor(i / 50)}.${(i % 50) + 1}`;
      expect(await passwordTry(new TestBrowser(), `nobody-${i}@example.com`, "a-guess", address)).toHaveStatus(401);
    }
    expect((await auditRows({}, 1000)).length).toBe(before);

    // Signed in afresh each time: a console session ends after 12 hours.
    const health = async () => (await (await signedInOwner()).call(funnelPage.loader, "/owner/funnel")).data.report.health;
    expect((await health()).unknownSignIns).toEqual({ lastDay: 100, kept: 100 });
    pass(2 * 24 * 60 * minute);
    expect((await health()).unknownSignIns).toEqual({ lastDay: 0, kept: 100 });
    pass(90 * 24 * 60 * minute);
    await runPrunes(new Date(now));
    expect((await health()).unknownSignIns).toEqual({ lastDay: 0, kept: 0 });
  });
});
