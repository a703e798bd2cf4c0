// "Change your password" (/owner/password) as a person of the console meets it, and as
// someone holding a stolen console session does: every role may change their own; the
// current password is asked first and its tries are bounded per person (ten a quarter hour,
// right or wrong); the new one meets the rules of every new password; a change ends their
// other sign-ins, keeps this one, is audited without a secret, and the old password no longer
// signs in. The first owner's generated password file goes once they chose their own, at the
// change or at the next start. Time moves on a frozen test clock (only Date is faked).
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as signIn from "../../app/routes/owner._index/route";
import * as ordersList from "../../app/routes/owner.orders._index/route";
import * as ownPassword from "../../app/routes/owner.password/route";
import * as reviewQueue from "../../app/routes/owner.reviews._index/route";
import { staffRoles, type StaffRole } from "../../app/funnel/staff";
import { config, type Settings } from "../../app/server/config.server";
import { database } from "../../app/server/db/client.server";
import { consoleSessions } from "../../app/server/db/schema.server";
import { auditRows } from "../../app/server/db/stores/audit-log.server";
import {
  findStaffMember,
  findStaffMemberByEmail,
  insertStaffMember,
  replaceOwnPassword,
} from "../../app/server/db/stores/staff-members.server";
import { ownerPasswordFileName } from "../../app/server/console/owner-password.server";
import { ensureFirstOwner, forgetReplacedOwnerPassword } from "../../app/server/staff/first-owner.server";
import { changeOwnPassword } from "../../app/server/staff/own-password.server";
import { hashPassword } from "../../app/server/staff/passwords.server";
import { readStaffSession } from "../../app/server/staff/staff-session.server";
import { resetDatabase, TestBrowser, type RouteAnswer } from "../support/route-harness";
import { signedInAs, signInForm, staffPassword } from "../support/staff";

const minute = 60_000;
const hour = 60 * minute;
const newPassword = "lanterns along the quiet harbour";

beforeEach(async () => {
  await resetDatabase();
  // The limit counts in fixed windows of 15 minutes: every test starts just past an hour's
  // boundary, so no window ends half-way through one.
  vi.useFakeTimers({ toFake: ["Date"], now: Math.ceil(Date.now() / hour) * hour + 1_000 });
});

afterEach(() => {
  vi.useRealTimers();
});

function changeForm(current: string, password: string, confirm: string = password) {
  return { current, password, confirm };
}

function postChange(browser: TestBrowser, form: Record<string, string>) {
  return browser.call(ownPassword.action, "/owner/password", { form });
}

function fieldMessage(answer: RouteAnswer, name: string): string | undefined {
  return answer.data?.lastResult?.error?.[name]?.[0];
}

function trySignIn(email: string, password: string) {
  return new TestBrowser().call(signIn.action, "/owner", { form: signInForm(password, email) });
}

/** Each role's first page, to tell whether a browser is still signed in. */
const firstPage: Record<StaffRole, { loader: (args: LoaderFunctionArgs) => Promise<unknown>; path: string }> = {
  owner: { loader: ordersList.loader, path: "/owner/orders" },
  support: { loader: ordersList.loader, path: "/owner/orders" },
  clinician: { loader: reviewQueue.loader, path: "/owner/reviews" },
};

describe("changing one's own password", () => {
  it("is open to every role, and to no one signed out", async () => {
    for (const role of staffRoles) {
      const { browser } = await signedInAs(role);
      expect(await browser.call(ownPassword.loader, "/owner/password"), role).toHaveStatus(200);
    }
    const stranger = new TestBrowser();
    expect(await stranger.call(ownPassword.loader, "/owner/password")).toRedirectTo("/owner");
    const refused = await postChange(stranger, changeForm(staffPassword, newPassword));
    expect(refused).toHaveStatus(403);
  });

  it("refuses a wrong current password (400, nothing changed), and after ten tries in a quarter hour refuses even the right one (429)", async () => {
    const { browser, staff } = await signedInAs("support");
    for (let i = 0; i < 10; i++) {
      const wrong = await postChange(browser, changeForm(`not my password ${i}`, newPassword));
      expect(wrong, `try ${i + 1}`).toHaveStatus(400);
      expect(fieldMessage(wrong, "current")).toBe("Your current password is not right.");
      // No password comes back, typed or new.
      expect(wrong.data.lastResult.initialValue ?? {}).toEqual({});
    }
    const bounded = await postChange(browser, changeForm(staffPassword, newPassword));
    expect(bounded).toHaveStatus(429);
    expect(bounded.headers.get("Retry-After")).toBe(String(15 * 60 - 1));
    expect(bounded.data.lastResult.error[""]).toEqual(["Too many tries of your current password. Please wait 15 minutes and try again."]);
    // Nothing changed: the old password still signs in, the new one does not.
    expect((await findStaffMember(staff.id))!.passwordHash).toBe(staff.passwordHash);
    expect(await trySignIn(staff.email, staffPassword)).toRedirectTo("/owner/orders");
    expect(await trySignIn(staff.email, newPassword)).toHaveStatus(401);
    // Counted per person: another's tries are their own.
    const other = await signedInAs("support");
    expect(await postChange(other.browser, changeForm("wrong for them too", newPassword))).toHaveStatus(400);
    // The next quarter hour, the right one is taken.
    vi.setSystemTime(Date.now() + 15 * minute);
    expect(await postChange(browser, changeForm(staffPassword, newPassword))).toHaveStatus(303);
  });

  it("holds the new password to the rules of every new password, and asks for it twice", async () => {
    const { browser, staff } = await signedInAs("clinician");
    const emailName = staff.email.split("@")[0]!;
    for (const [password, message] of [
      [
        "password1234",
        "This password is on a list of common or leaked passwords, so it would be guessed early. Choose another: a few words you will remember make a good one.",
      ],
      [
        "Qwertyuiop123!",
        "This password is on a list of common or leaked passwords, so it would be guessed early. Choose another: a few words you will remember make a good one.",
      ],
      ["aaaaaaaaaaaa", "Your password must not be one character repeated."],
      [
        `my ${emailName.toUpperCase()} passphrase`,
        "Your password must not contain your email name (the part of your email address before the @).",
      ],
      ["short one", "Enter a password of 12 characters or more."],
      [staffPassword, "Your new password is your current one. Choose another."],
    ] as const) {
      const refused = await postChange(browser, changeForm(staffPassword, password));
      expect(refused, password).toHaveStatus(400);
      expect(fieldMessage(refused, "password"), password).toBe(message);
      expect(refused.data.lastResult.initialValue ?? {}).toEqual({});
    }
    const different = await postChange(browser, changeForm(staffPassword, newPassword, `${newPassword}!`));
    expect(different).toHaveStatus(400);
    expect(fieldMessage(different, "confirm")).toBe("The two new passwords are not the same. Enter the same new password twice.");
    // Every field's problem at once.
    const empty = await postChange(browser, changeForm("", "", ""));
    expect([fieldMessage(empty, "current"), fieldMessage(empty, "password"), fieldMessage(empty, "confirm")]).toEqual([
      "Enter your current password.",
      "Enter a password.",
      "Enter the new password again.",
    ]);
    expect((await findStaffMember(staff.id))!.passwordHash).toBe(staff.passwordHash);
  });

  it("changes it: audited without a secret, their other sign-ins end, this one stays, and only the new password signs in", async () => {
    const { browser, staff } = await signedInAs("owner");
    const elsewhere = new TestBrowser();
    expect(await elsewhere.call(signIn.action, "/owner", { form: signInForm(staffPassword, staff.email) })).toRedirectTo("/owner/orders");
    expect(await elsewhere.call(ordersList.loader, "/owner/orders")).toHaveStatus(200);

    const changed = await postChange(browser, changeForm(staffPassword, newPassword));
    expect(changed).toRedirectTo("/owner/password");
    // This sign-in carries the new password's stamp: still signed in, and told so.
    const page = await browser.call(ownPassword.loader, "/owner/password");
    expect(page).toHaveStatus(200);
    expect(page.data.notice).toEqual({
      tone: "success",
      text: "Your password is changed. You are still signed in here. Your other sign-in has ended.",
    });
    expect(await browser.call(ordersList.loader, "/owner/orders")).toHaveStatus(200);
    // The other sign-in ended: its row is gone, not only its stamp outdated.
    expect(await (await database()).select().from(consoleSessions).where(eq(consoleSessions.account, staff.id))).toHaveLength(1);
    expect(await elsewhere.call(ordersList.loader, "/owner/orders")).toRedirectTo("/owner");

    const [row, ...more] = await auditRows({ action: "password-changed" }, 10);
    expect(more).toHaveLength(0);
    expect(row).toMatchObject({ staffId: staff.id, action: "password-changed", detail: "Their other sign-ins ended" });
    expect(JSON.stringify(row)).not.toContain(newPassword);
    expect(JSON.stringify(row)).not.toContain(staffPassword);

    expect(await trySignIn(staff.email, staffPassword)).toHaveStatus(401);
    expect(await trySignIn(staff.email, newPassword)).toRedirectTo("/owner/orders");
  });

  it("keeps each role's sign-in here after the change", async () => {
    for (const role of ["support", "clinician"] as const) {
      const { browser } = await signedInAs(role);
      expect(await postChange(browser, changeForm(staffPassword, newPassword)), role).toRedirectTo("/owner/password");
      expect(await browser.call(firstPage[role].loader, firstPage[role].path), role).toHaveStatus(200);
    }
  });

  it("signs in people whose password predates the rules: they apply to a new password only", async () => {
    await ensureFirstOwner();
    const email = "kept.since.before@example.com";
    await insertStaffMember({
      name: "Kept Since Before",
      email,
      role: "support",
      status: "active",
      passwordHash: await hashPassword("aaaaaaaaaaaa"),
    });
    expect(await trySignIn(email, "aaaaaaaaaaaa")).toRedirectTo("/owner/orders");
  });
});

describe("the first owner's generated password file", () => {
  let folder: string;
  let settings: Settings;
  let file: string;

  beforeEach(() => {
    folder = mkdtempSync(path.join(tmpdir(), "first-owner-"));
    // Only the password file's folder is another: the database stays the test's own.
    settings = { ...config(), DATA_DIR: folder, OWNER_PASSWORD: undefined };
    file = path.join(folder, ownerPasswordFileName);
  });

  afterEach(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  /** The first owner, with the password the server generated into the file, signed in. */
  async function firstOwnerWithGeneratedPassword() {
    const generated = "generated-owner-password-0123456789ab";
    writeFileSync(file, generated, { mode: 0o600 });
    await insertStaffMember({
      name: "Owner",
      email: settings.OWNER_EMAIL,
      role: "owner",
      status: "active",
      passwordHash: await hashPassword(generated),
    });
    const browser = new TestBrowser();
    expect(await browser.call(signIn.action, "/owner", { form: signInForm(generated, settings.OWNER_EMAIL) })).toRedirectTo(
      "/owner/orders",
    );
    return { browser, generated };
  }

  it("is deleted once that owner changes their password", async () => {
    const { browser, generated } = await firstOwnerWithGeneratedPassword();
    const request = new Request("http://localhost/owner/password", { headers: { Cookie: browser.cookieHeader() } });
    const session = (await readStaffSession(request))!;
    // A refused change leaves it.
    expect((await changeOwnPassword(request, session, changeForm("not it at all", newPassword), settings)).status).toBe("invalid");
    expect(existsSync(file)).toBe(true);
    expect((await changeOwnPassword(request, session, changeForm(generated, newPassword), settings)).status).toBe("changed");
    expect(existsSync(file)).toBe(false);
  });

  it("is kept for another person's change", async () => {
    await firstOwnerWithGeneratedPassword();
    const { browser } = await signedInAs("owner");
    const request = new Request("http://localhost/owner/password", { headers: { Cookie: browser.cookieHeader() } });
    const session = (await readStaffSession(request))!;
    expect((await changeOwnPassword(request, session, changeForm(staffPassword, newPassword), settings)).status).toBe("changed");
    expect(existsSync(file)).toBe(true);
  });

  it("is deleted at the next start when that owner's password is no longer the one in it, and kept while it is", async () => {
    await firstOwnerWithGeneratedPassword();
    expect(await forgetReplacedOwnerPassword(settings)).toBe(false);
    expect(existsSync(file)).toBe(true);
    // Changed before this version could delete it (or reset to a setup link).
    const owner = (await findStaffMemberByEmail(settings.OWNER_EMAIL))!;
    await replaceOwnPassword(owner.id, owner.passwordHash!, await hashPassword(newPassword));
    expect(await forgetReplacedOwnerPassword(settings)).toBe(true);
    expect(existsSync(file)).toBe(false);
    // No file: nothing to do, and none is made.
    expect(await forgetReplacedOwnerPassword(settings)).toBe(false);
    expect(existsSync(file)).toBe(false);
  });
});
