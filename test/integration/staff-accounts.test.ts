// The staff page and setup links: an owner adds a person, who sets up their own password and
// authenticator through a link that works once for 72 hours, then signs in as everyone does;
// roles change and people are disabled without ever leaving the console without an active
// owner; sessions end; a lost password or phone gets a new link. Each change is audited once,
// and the setup email holds the link (sealed) and nothing of any customer.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as signIn from "../../app/routes/owner._index/route";
import * as orderPage from "../../app/routes/owner.orders.$reference/route";
import * as ordersList from "../../app/routes/owner.orders._index/route";
import * as setupRoute from "../../app/routes/owner.setup.$token/route";
import * as staffRoute from "../../app/routes/owner.staff/route";
import * as twoStep from "../../app/routes/owner.two-step/route";
import type { StaffEmailPayload } from "../../app/funnel/staff-setup";
import { database } from "../../app/server/db/client.server";
import { outboxMessages, storedEmails } from "../../app/server/db/schema.server";
import { auditRows } from "../../app/server/db/stores/audit-log.server";
import {
  countActiveOwners,
  countRecoveryCodes,
  findStaffMember,
  findStaffMemberByEmail,
  type StaffMemberRow,
} from "../../app/server/db/stores/staff-members.server";
import { clientAddressHeader } from "../../app/server/http/client-address.server";
import { type Mailer, type OutgoingMail } from "../../app/server/mail/mailer.server";
import { deliverStaffEmail } from "../../app/server/mail/staff-emails.server";
import { deliverDueOutboxMessages } from "../../app/server/outbox/delivery.server";
import { provider } from "../../app/server/provider/index.server";
import { commandLine } from "../../app/server/staff/audit.server";
import { resetStaffPassword } from "../../app/server/staff/staff-accounts.server";
import { openSecret } from "../../app/server/staff/two-step.server";
import { cookieOf, resetDatabase, TestBrowser, type RouteAnswer } from "../support/route-harness";
import { aPerson, codeFor, ownerEmail, signedInAs, signedInOwner, signInForm, staffPassword } from "../support/staff";

beforeEach(async () => {
  await resetDatabase();
});

afterEach(() => {
  vi.useRealTimers();
});

const newPassword = "a long new password of mine";

function staffPage(browser: TestBrowser) {
  return browser.call(staffRoute.loader, "/owner/staff");
}

function postStaff(browser: TestBrowser, form: Record<string, string>, headers: Record<string, string> = {}) {
  return browser.call(staffRoute.action, "/owner/staff", { form, headers });
}

function addForm(name = "Dana Reyes", email = "Dana.Reyes@Example.com", role = "support") {
  return { intent: "add", name, email, role };
}

/** The token of a setup address. */
function tokenOf(url: string): string {
  const match = /\/owner\/setup\/([A-Za-z0-9_-]{43})$/.exec(url);
  if (!match) throw new Error(`not a setup address: ${url}`);
  return match[1]!;
}

function openSetup(browser: TestBrowser, token: string) {
  return browser.call(setupRoute.loader, `/owner/setup/${token}`, { params: { token } });
}

function postSetup(browser: TestBrowser, token: string, form: Record<string, string>, headers: Record<string, string> = {}) {
  return browser.call(setupRoute.action, `/owner/setup/${token}`, { params: { token }, form, headers });
}

/** The authenticator secret the setup page offers, as an app would read it. */
function secretOn(page: RouteAnswer): string {
  return (page.data.enrolment.secretText as string).replace(/ /g, "");
}

/** An owner adds Dana; the link shown to the owner. */
async function addDana(owner: TestBrowser, role = "support"): Promise<{ staff: StaffMemberRow; token: string; url: string }> {
  const answer = await postStaff(owner, addForm("Dana Reyes", "Dana.Reyes@Example.com", role));
  expect(answer).toHaveStatus(200);
  const url = answer.data.setupLink.url as string;
  const staff = (await findStaffMemberByEmail("dana.reyes@example.com"))!;
  return { staff, token: tokenOf(url), url };
}

/** Dana sets up her sign-in; the secret her app now holds. */
async function setUp(token: string): Promise<{ secret: string; answer: RouteAnswer }> {
  const browser = new TestBrowser();
  const page = await openSetup(browser, token);
  expect(page).toHaveStatus(200);
  const secret = secretOn(page);
  const answer = await postSetup(browser, token, { password: newPassword, code: await codeFor(secret) });
  return { secret, answer };
}

async function staffEmails(): Promise<StaffEmailPayload[]> {
  const rows = await (await database()).select().from(outboxMessages).where(eq(outboxMessages.kind, "staff-email"));
  return rows.map((row) => row.payload as unknown as StaffEmailPayload);
}

/** A person signed in with their password (no two-step: the tests run on localhost). */
async function signedIn(staff: StaffMemberRow): Promise<TestBrowser> {
  const browser = new TestBrowser();
  expect(await browser.call(signIn.action, "/owner", { form: signInForm(staffPassword, staff.email) })).toRedirectTo("/owner/orders");
  return browser;
}

async function auditActions(): Promise<string[]> {
  return (await auditRows({}, 1000)).map((row) => row.action).reverse();
}

function refusalOf(answer: RouteAnswer): string | undefined {
  return answer.data?.lastResult?.error?.[""]?.[0];
}

function fieldMessage(answer: RouteAnswer, name: string): string | undefined {
  return answer.data?.lastResult?.error?.[name]?.[0];
}

const lastOwnerMessage = "There must always be an active owner. Make someone else an owner first.";

describe("adding a person", () => {
  it("invites them with a setup link shown once, emails it through the outbox, and audits it", async () => {
    const owner = await signedInOwner();
    const answer = await postStaff(owner, addForm());
    expect(answer).toHaveStatus(200);
    expect(answer.data.setupLink).toMatchObject({ name: "Dana Reyes", emailed: false });
    expect(answer.data.setupLink.url).toMatch(/^http:\/\/localhost:\d+\/owner\/setup\/[A-Za-z0-9_-]{43}$/);

    const dana = (await findStaffMemberByEmail("dana.reyes@example.com"))!;
    expect(dana).toMatchObject({ name: "Dana Reyes", role: "support", status: "invited", passwordHash: null });
    const row = (await staffPage(owner)).data.people.find((person: { id: string }) => person.id === dana.id);
    expect(row).toMatchObject({ statusLabel: "Invited", roleLabel: "Support", twoStep: false, openSessions: 0, lastSignInAt: null });

    const [email, ...more] = await staffEmails();
    expect(more).toEqual([]);
    expect(email).toMatchObject({ to: "dana.reyes@example.com", name: "Dana Reyes", role: "support", sent_by: "Owner", reason: "added" });
    // The link is in it, sealed: the outbox alone does not open it.
    expect(openSecret(email!.sealed_link)).toBe(answer.data.setupLink.url);
    expect(JSON.stringify(email)).not.toContain(tokenOf(answer.data.setupLink.url));
    expect(Object.keys(email!).sort()).toEqual(["name", "reason", "role", "sealed_link", "sent_by", "to", "token_hash"]);

    const [added] = await auditRows({ action: "person-added" }, 10);
    expect(added).toMatchObject({ staffName: "Owner", staffRole: "owner", detail: "Dana Reyes, Support", orderReference: null });
    // The first owner made at start, then Dana.
    expect(await auditRows({ action: "person-added" }, 10)).toHaveLength(2);

    // The link is not shown again.
    expect(JSON.stringify((await staffPage(owner)).data)).not.toContain(tokenOf(answer.data.setupLink.url));
  });

  it("refuses what it cannot use, with the message beside the field, and an email already on the staff", async () => {
    const owner = await signedInOwner();
    for (const [form, field, message] of [
      [addForm(""), "name", "Enter their name."],
      [addForm("x".repeat(101)), "name", "Enter a name of 100 characters or fewer."],
      [addForm("Dana", ""), "email", "Enter their email address."],
      [addForm("Dana", "not-an-email"), "email", "Enter an email address in the right format, like name@example.com."],
      [addForm("Dana", `${"a".repeat(250)}@example.com`), "email", "Enter an email address of 254 characters or fewer."],
      [addForm("Dana", "dana@example.com", ""), "role", "Choose a role."],
      [addForm("Dana", "dana@example.com", "superuser"), "role", "Choose a role."],
    ] as const) {
      const answer = await postStaff(owner, form);
      expect(answer, `${field}: ${message}`).toHaveStatus(400);
      expect(fieldMessage(answer, field)).toBe(message);
    }
    expect(await postStaff(owner, addForm())).toHaveStatus(200);
    const taken = await postStaff(owner, addForm("Another Dana", "  DANA.reyes@example.COM "));
    expect(taken).toHaveStatus(400);
    expect(fieldMessage(taken, "email")).toBe("Someone on the staff already has this email.");
    expect(taken.data.lastResult.initialValue).toMatchObject({ name: "Another Dana" });
    expect(await staffEmails()).toHaveLength(1);
    expect(await auditRows({ action: "person-added" }, 10)).toHaveLength(2);
  });
});

describe("the setup email", () => {
  it("carries the link through a mail server, leaves it out of the embedded store, and is not sent once its link was replaced", async () => {
    const owner = await signedInOwner();
    const { url } = await addDana(owner);
    const [payload] = await staffEmails();
    const sent: OutgoingMail[] = [];
    const smtp: Mailer = { kind: "smtp", send: async (mail) => void sent.push(mail) };
    await deliverStaffEmail(payload!, "key-1", smtp);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: "dana.reyes@example.com",
      orderReference: null,
      subject: "Set up your sign-in to the Menopause Care console",
    });
    expect(sent[0]!.text).toContain("Owner added you to the Menopause Care console as Support.");
    expect(sent[0]!.text).toContain(url);
    expect(sent[0]!.text).toContain("The link works once, for 72 hours.");

    // The outbox delivers it to the embedded store (no SMTP_URL here), which support can read: no link there.
    await deliverDueOutboxMessages(await provider(), 100);
    const [kept] = await (await database()).select().from(storedEmails);
    expect(kept).toMatchObject({ kind: "staff_setup_link", toAddress: "dana.reyes@example.com", orderReference: null });
    expect(kept!.text).not.toContain(tokenOf(url));
    expect(kept!.html).not.toContain(tokenOf(url));

    // A new link replaces it: the first email, still waiting somewhere, is not sent with a dead link.
    const dana = (await findStaffMemberByEmail("dana.reyes@example.com"))!;
    expect(await postStaff(owner, { intent: "new-link", id: dana.id })).toHaveStatus(200);
    await deliverStaffEmail(payload!, "key-2", smtp);
    expect(sent).toHaveLength(1);
  });
});

describe("setting up a sign-in by its link", () => {
  it("shows their name and role and an authenticator to enrol, then takes a password and a code once", async () => {
    const owner = await signedInOwner();
    const { staff, token } = await addDana(owner, "clinician");
    const browser = new TestBrowser();
    const page = await openSetup(browser, token);
    expect(page).toHaveStatus(200);
    expect(page.data).toMatchObject({ open: true, name: "Dana Reyes", role: "Clinician" });
    expect(page.data.enrolment.qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    const secret = secretOn(page);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // The page again (another tab): the same secret.
    expect(secretOn(await openSetup(browser, token))).toBe(secret);

    const done = await postSetup(browser, token, { password: newPassword, code: await codeFor(secret) });
    expect(done).toHaveStatus(200);
    expect(done.data.recoveryCodes).toHaveLength(10);
    expect(JSON.stringify(done.data)).not.toContain(newPassword);
    const after = (await findStaffMember(staff.id))!;
    expect(after.status).toBe("active");
    expect(after.passwordHash).toMatch(/^scrypt\$/);
    expect(after.totpSecret).not.toBeNull();
    expect(await countRecoveryCodes(staff.id)).toBe(10);
    const mine = (await auditRows({ staffId: staff.id }, 10)).map((row) => row.action).reverse();
    expect(mine).toEqual(["setup-completed", "two-step-enrolled", "signed-in"]);
    // Signed in at once, on to their first page.
    expect(done.data.next).toBe("/owner/reviews");
    expect(cookieOf(done, "__owner")).toBeDefined();

    // Used: the link is closed, to a page and to a post.
    const again = await openSetup(new TestBrowser(), token);
    expect(again).toHaveStatus(404);
    expect(again.data.message).toBe("This setup link has expired or has already been used. Ask an owner for a new one.");
    expect(await postSetup(new TestBrowser(), token, { password: newPassword, code: await codeFor(secret) })).toHaveStatus(404);

    // Now she signs in as everyone does: the password, then a code (a later one: a code is taken once).
    const signingIn = new TestBrowser();
    expect(await signingIn.call(signIn.action, "/owner", { form: signInForm(newPassword, staff.email) })).toRedirectTo("/owner/two-step");
    const code = await codeFor(secret, new Date(Date.now() + 30_000));
    expect(await signingIn.call(twoStep.action, "/owner/two-step", { form: { code } })).toRedirectTo("/owner/reviews");
    const row = (await staffPage(owner)).data.people.find((person: { id: string }) => person.id === staff.id);
    expect(row).toMatchObject({ statusLabel: "Active", twoStep: true, openSessions: 2 });
    expect(row.lastSignInAt).not.toBeNull();
  });

  it("works once however many presses arrive together", async () => {
    const owner = await signedInOwner();
    const { staff, token } = await addDana(owner);
    const page = await openSetup(new TestBrowser(), token);
    const code = await codeFor(secretOn(page));
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => postSetup(new TestBrowser(), token, { password: newPassword, code })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 404)).toHaveLength(9);
    expect(await auditRows({ staffId: staff.id, action: "setup-completed" }, 10)).toHaveLength(1);
    expect(await auditRows({ staffId: staff.id, action: "two-step-enrolled" }, 10)).toHaveLength(1);
    expect(await countRecoveryCodes(staff.id)).toBe(10);
  });

  it("expires after 72 hours", async () => {
    const owner = await signedInOwner();
    const { token } = await addDana(owner);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 72 * 60 * 60_000 - 60_000 });
    const page = await openSetup(new TestBrowser(), token);
    expect(page).toHaveStatus(200);
    vi.setSystemTime(Date.now() + 2 * 60_000);
    expect(await openSetup(new TestBrowser(), token)).toHaveStatus(404);
    expect(await postSetup(new TestBrowser(), token, { password: newPassword, code: await codeFor(secretOn(page)) })).toHaveStatus(404);
  });

  it("refuses a password against the rules and a wrong code, writing nothing", async () => {
    const owner = await signedInOwner();
    const { staff, token } = await addDana(owner);
    const browser = new TestBrowser();
    const secret = secretOn(await openSetup(browser, token));
    const code = await codeFor(secret);
    for (const [password, message] of [
      ["", "Enter a password."],
      ["elevenchars", "Enter a password of 12 characters or more."],
      ["DANA.REYES@example.com", "Your password must not be your email address."],
      ["dana.reyes at the clinic", "Your password must not contain your email name (the part of your email address before the @)."],
      ["aaaaaaaaaaaa", "Your password must not be one character repeated."],
      [
        "Password1234!",
        "This password is on a list of common or leaked passwords, so it would be guessed early. Choose another: a few words you will remember make a good one.",
      ],
    ] as const) {
      const answer = await postSetup(browser, token, { password, code });
      expect(answer, password).toHaveStatus(400);
      expect(fieldMessage(answer, "password")).toBe(message);
      // Neither the password nor the code comes back.
      expect(answer.data.lastResult.initialValue ?? {}).toEqual({});
    }
    const wrong = await postSetup(browser, token, { password: newPassword, code: code === "000000" ? "111111" : "000000" });
    expect(wrong).toHaveStatus(400);
    expect(fieldMessage(wrong, "code")).toMatch(/^The code is not right\./);
    const noCode = await postSetup(browser, token, { password: newPassword, code: "" });
    expect(noCode).toHaveStatus(400);
    expect(fieldMessage(noCode, "code")).toBe("Enter the 6-digit code from your authenticator app.");
    // Every field's problem at once: one more press is enough.
    const both = await postSetup(browser, token, { password: "", code: "" });
    expect([fieldMessage(both, "password"), fieldMessage(both, "code")]).toEqual([
      "Enter a password.",
      "Enter the 6-digit code from your authenticator app.",
    ]);
    const shortAndWrong = await postSetup(browser, token, { password: "short", code: code === "000000" ? "111111" : "000000" });
    expect(fieldMessage(shortAndWrong, "password")).toBe("Enter a password of 12 characters or more.");
    expect(fieldMessage(shortAndWrong, "code")).toMatch(/^The code is not right\./);

    expect(await findStaffMember(staff.id)).toMatchObject({ status: "invited", passwordHash: null, totpSecret: null });
    expect(await countRecoveryCodes(staff.id)).toBe(0);
    expect(await auditRows({ staffId: staff.id }, 10)).toEqual([]);
    // The link still works.
    expect((await postSetup(browser, token, { password: newPassword, code })).status).toBe(200);
  });

  it("is tried a limited number of times from one address", async () => {
    // Just past the start of a 15-minute window of the limit: no window ends half-way.
    const window = 15 * 60_000;
    vi.useFakeTimers({ toFake: ["Date"], now: Math.ceil(Date.now() / window) * window + 1_000 });
    const owner = await signedInOwner();
    const { token } = await addDana(owner);
    const from = { [clientAddressHeader]: "198.51.100.30" };
    for (let i = 0; i < 10; i++) expect(await postSetup(new TestBrowser(), token, { password: "", code: "" }, from)).toHaveStatus(400);
    const refused = await postSetup(new TestBrowser(), token, { password: newPassword, code: "123456" }, from);
    expect(refused).toHaveStatus(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(refusalOf(refused)).toMatch(/^Too many sign-in attempts\. Please wait/);
    expect(JSON.stringify(refused.data)).not.toContain(newPassword);
  });

  it("refuses an address that is no setup link", async () => {
    expect(await openSetup(new TestBrowser(), "nonsense")).toHaveStatus(404);
    expect(await openSetup(new TestBrowser(), "A".repeat(43))).toHaveStatus(404);
  });
});

describe("roles", () => {
  it("changes a role, says so once, and audits it by the roles' names", async () => {
    const owner = await signedInOwner();
    const support = await aPerson("support", { name: "Sam Support" });
    expect(await postStaff(owner, { intent: "role", id: support.id, role: "clinician" })).toRedirectTo("/owner/staff");
    expect((await findStaffMember(support.id))!.role).toBe("clinician");
    expect((await staffPage(owner)).data.notice).toEqual({ tone: "success", text: "Sam Support is now Clinician." });
    expect((await staffPage(owner)).data.notice).toBeNull();
    const rows = await auditRows({ action: "role-changed" }, 10);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ staffName: "Owner", detail: "Sam Support: Support to Clinician" });

    // The same role again changes nothing and audits nothing.
    expect(await postStaff(owner, { intent: "role", id: support.id, role: "clinician" })).toRedirectTo("/owner/staff");
    expect(await auditRows({ action: "role-changed" }, 10)).toHaveLength(1);

    expect(await postStaff(owner, { intent: "role", id: support.id, role: "superuser" })).toHaveStatus(400);
    expect(await postStaff(owner, { intent: "role", id: "00000000-0000-4000-8000-000000000000", role: "owner" })).toHaveStatus(404);
    expect(await postStaff(owner, { intent: "something" })).toHaveStatus(400);
  });

  it("never demotes or disables the last active owner", async () => {
    const owner = await signedInOwner();
    const me = (await findStaffMemberByEmail(ownerEmail()))!;
    const forms: Record<string, string>[] = [
      { intent: "role", id: me.id, role: "support" },
      { intent: "disable", id: me.id },
    ];
    for (const form of forms) {
      const refused = await postStaff(owner, form);
      expect(refused).toHaveStatus(400);
      expect(refusalOf(refused)).toBe(lastOwnerMessage);
    }
    expect(await findStaffMember(me.id)).toMatchObject({ role: "owner", status: "active" });
    expect(await auditRows({ action: "role-changed" }, 10)).toEqual([]);
    expect(await auditRows({ action: "person-disabled" }, 10)).toEqual([]);
  });

  it("leaves one owner when two owners demote each other at once", async () => {
    await signedInOwner();
    const first = (await findStaffMemberByEmail(ownerEmail()))!;
    // The first owner steps aside, leaving two new owners.
    const ana = await aPerson("owner", { name: "Ana Owner" });
    const ben = await aPerson("owner", { name: "Ben Owner" });
    const anaBrowser = await signedIn(ana);
    const benBrowser = await signedIn(ben);
    expect(await postStaff(anaBrowser, { intent: "disable", id: first.id })).toRedirectTo("/owner/staff");
    expect(await countActiveOwners()).toBe(2);

    const [byAna, byBen] = await Promise.all([
      postStaff(anaBrowser, { intent: "role", id: ben.id, role: "support" }),
      postStaff(benBrowser, { intent: "role", id: ana.id, role: "support" }),
    ]);
    // One demotion lands. The other is refused: as the last owner's when both were owners as
    // they pressed (400), or as no owner's when the first had landed before the second was
    // read (403, the console's refusal of a support member).
    const [landed, refused] = byAna.status === 303 ? [byAna, byBen] : [byBen, byAna];
    expect(landed).toRedirectTo("/owner/staff");
    expect([400, 403]).toContain(refused.status);
    if (refused.status === 400) expect(refusalOf(refused)).toBe(lastOwnerMessage);
    expect(await countActiveOwners()).toBe(1);
    expect(await auditRows({ action: "role-changed" }, 10)).toHaveLength(1);
  });

  it("sends an owner who made themselves support to their own first page", async () => {
    const owner = await signedInOwner();
    await aPerson("owner");
    const me = (await findStaffMemberByEmail(ownerEmail()))!;
    expect(await postStaff(owner, { intent: "role", id: me.id, role: "support" })).toRedirectTo("/owner/orders");
    expect(await staffPage(owner)).toHaveStatus(403);
  });
});

describe("disabling", () => {
  it("signs them out at their next click: a page sends them to the sign-in, a post is refused", async () => {
    const owner = await signedInOwner();
    const { browser: support, staff } = await signedInAs("support", { name: "Sam Support" });
    expect(await support.call(ordersList.loader, "/owner/orders")).toHaveStatus(200);

    expect(await postStaff(owner, { intent: "disable", id: staff.id })).toRedirectTo("/owner/staff");
    expect((await staffPage(owner)).data.notice.text).toBe("Sam Support is disabled and signed out everywhere.");
    expect(await findStaffMember(staff.id)).toMatchObject({ status: "disabled" });

    expect(await support.call(ordersList.loader, "/owner/orders")).toRedirectTo("/owner");
    const post = await support.call(orderPage.action, "/owner/orders/MC-2222-2222", {
      params: { reference: "MC-2222-2222" },
      form: { intent: "approve" },
    });
    expect(post).toHaveStatus(403);
    // Nor can they sign in again.
    expect(await new TestBrowser().call(signIn.action, "/owner", { form: signInForm(staffPassword, staff.email) })).toHaveStatus(401);

    const rows = await auditRows({ action: "person-disabled" }, 10);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ staffName: "Owner", detail: "Sam Support" });
    // Disabling again changes nothing.
    expect(await postStaff(owner, { intent: "disable", id: staff.id })).toRedirectTo("/owner/staff");
    expect(await auditRows({ action: "person-disabled" }, 10)).toHaveLength(1);
    // A disabled person is given no new link from the page.
    const link = await postStaff(owner, { intent: "new-link", id: staff.id });
    expect(link).toHaveStatus(400);
    expect(refusalOf(link)).toMatch(/^Sam Support is disabled, so no setup link was made\./);
  });

  it("closes the setup link of an invited person", async () => {
    const owner = await signedInOwner();
    const { staff, token } = await addDana(owner);
    const page = await openSetup(new TestBrowser(), token);
    expect(await postStaff(owner, { intent: "disable", id: staff.id })).toRedirectTo("/owner/staff");
    expect(await openSetup(new TestBrowser(), token)).toHaveStatus(404);
    expect(await postSetup(new TestBrowser(), token, { password: newPassword, code: await codeFor(secretOn(page)) })).toHaveStatus(404);
    expect(await findStaffMember(staff.id)).toMatchObject({ status: "disabled", passwordHash: null });
  });
});

describe("ending sessions", () => {
  it("ends every sign-in of a person, wherever they are", async () => {
    const owner = await signedInOwner();
    const { browser: laptop, staff } = await signedInAs("support", { name: "Sam Support" });
    const phone = await signedIn(staff);
    const before = (await staffPage(owner)).data.people.find((person: { id: string }) => person.id === staff.id);
    expect(before.openSessions).toBe(2);

    expect(await postStaff(owner, { intent: "end-sessions", id: staff.id })).toRedirectTo("/owner/staff");
    const after = await staffPage(owner);
    expect(after.data.notice.text).toBe("Sam Support is signed out everywhere (2 sessions ended).");
    expect(after.data.people.find((person: { id: string }) => person.id === staff.id).openSessions).toBe(0);
    expect(await laptop.call(ordersList.loader, "/owner/orders")).toRedirectTo("/owner");
    expect(await phone.call(ordersList.loader, "/owner/orders")).toRedirectTo("/owner");
    // They may sign in again: ending sessions is not disabling.
    await signedIn(staff);

    const rows = await auditRows({ action: "sessions-ended" }, 10);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.detail).toBe("Sam Support: 2 sessions ended");
  });
});

describe("a new setup link", () => {
  it("forgets the password and authenticator, ends their sessions, keeps them active, and shows the link once", async () => {
    const owner = await signedInOwner();
    const support = await aPerson("support", { name: "Sam Support", secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP" });
    const browser = await signedInWithCode(support, "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP");

    const answer = await postStaff(owner, { intent: "new-link", id: support.id });
    expect(answer).toHaveStatus(200);
    expect(answer.data.setupLink.name).toBe("Sam Support");
    expect(await findStaffMember(support.id)).toMatchObject({
      status: "active",
      passwordHash: null,
      totpSecret: null,
      pendingTotpSecret: null,
    });
    expect(await countRecoveryCodes(support.id)).toBe(0);
    expect(await browser.call(ordersList.loader, "/owner/orders")).toRedirectTo("/owner");
    expect(await staffEmails()).toHaveLength(1);
    expect((await staffEmails())[0]).toMatchObject({ reason: "new-link", sent_by: "Owner" });
    expect(await auditRows({ action: "password-reset" }, 10)).toMatchObject([
      { staffName: "Owner", detail: "New setup link for Sam Support" },
    ]);

    // A second link replaces the first.
    const second = await postStaff(owner, { intent: "new-link", id: support.id });
    expect(await openSetup(new TestBrowser(), tokenOf(answer.data.setupLink.url))).toHaveStatus(404);
    const { answer: done } = await setUp(tokenOf(second.data.setupLink.url));
    expect(done).toHaveStatus(200);
    expect(await findStaffMember(support.id)).toMatchObject({ status: "active" });
  });

  it("is not for oneself from the page", async () => {
    const owner = await signedInOwner();
    const me = (await findStaffMemberByEmail(ownerEmail()))!;
    const refused = await postStaff(owner, { intent: "new-link", id: me.id });
    expect(refused).toHaveStatus(400);
    expect(refusalOf(refused)).toMatch(/^You cannot send yourself a new setup link/);
    expect((await findStaffMember(me.id))!.passwordHash).not.toBeNull();
  });

  it("from the command line brings a disabled owner back, and says when no one has that email", async () => {
    const owner = await signedInOwner();
    const other = await aPerson("owner", { name: "Olga Owner" });
    expect(await postStaff(owner, { intent: "disable", id: other.id })).toRedirectTo("/owner/staff");

    const reset = await resetStaffPassword(` ${other.email.toUpperCase()} `, commandLine, null);
    expect(reset).toMatchObject({ status: "reset", name: "Olga Owner" });
    expect(await findStaffMember(other.id)).toMatchObject({ status: "active", passwordHash: null });
    expect((await staffEmails()).at(-1)).toMatchObject({ sent_by: null, reason: "new-link" });
    expect(await auditRows({ action: "password-reset" }, 10)).toMatchObject([
      { staffName: "Command line", staffId: null, detail: "New setup link for Olga Owner, active again" },
    ]);
    if (reset.status !== "reset") throw new Error("not reset");
    expect((await setUp(tokenOf(reset.setupUrl))).answer).toHaveStatus(200);

    expect(await resetStaffPassword("nobody@example.com", commandLine, null)).toEqual({ status: "unknown" });
  });
});

describe("who may open the staff page", () => {
  it("refuses support and clinicians, page and post", async () => {
    await signedInOwner();
    const target = await aPerson("support");
    for (const role of ["support", "clinician"] as const) {
      const { browser } = await signedInAs(role);
      expect(await staffPage(browser), role).toHaveStatus(403);
      for (const form of [
        addForm(`By ${role}`, `${role}-added@example.com`),
        { intent: "disable", id: target.id },
        { intent: "new-link", id: target.id },
      ]) {
        expect(await postStaff(browser, form), `${role} ${form.intent}`).toHaveStatus(403);
      }
    }
    expect(await findStaffMember(target.id)).toMatchObject({ status: "active" });
    expect(await staffEmails()).toEqual([]);
    // Not signed in: the page goes to the sign-in, a post is refused.
    expect(await staffPage(new TestBrowser())).toRedirectTo("/owner");
    expect(await postStaff(new TestBrowser(), addForm())).toHaveStatus(403);
  });
});

describe("the audit log of the staff page", () => {
  it("has exactly one row for each change", async () => {
    const owner = await signedInOwner();
    const { staff: dana } = await addDana(owner);
    const sam = await aPerson("support", { name: "Sam Support" });
    await signedIn(sam);
    const start = (await auditActions()).length;
    await postStaff(owner, { intent: "role", id: sam.id, role: "clinician" });
    await postStaff(owner, { intent: "end-sessions", id: sam.id });
    await postStaff(owner, { intent: "new-link", id: sam.id });
    await postStaff(owner, { intent: "disable", id: dana.id });
    expect((await auditActions()).slice(start)).toEqual(["role-changed", "sessions-ended", "password-reset", "person-disabled"]);
  });
});

/** A person with an authenticator signed in: the password, then the code. */
async function signedInWithCode(staff: StaffMemberRow, secret: string): Promise<TestBrowser> {
  const browser = new TestBrowser();
  expect(await browser.call(signIn.action, "/owner", { form: signInForm(staffPassword, staff.email) })).toRedirectTo("/owner/two-step");
  expect(await browser.call(twoStep.action, "/owner/two-step", { form: { code: await codeFor(secret) } })).toRedirectTo("/owner/orders");
  return browser;
}
