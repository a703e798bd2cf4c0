// The console's people in tests: the first owner as the server makes it at start, and people
// of each role made straight in the database with a known password (and, when asked, an
// authenticator whose codes the test can compute), each signed in through the real sign-in.
import { generate } from "otplib";
import { expect } from "vitest";
import * as signIn from "../../app/routes/owner._index/route";
import * as twoStep from "../../app/routes/owner.two-step/route";
import type { StaffRole } from "../../app/funnel/staff";
import { config } from "../../app/server/config.server";
import { confirmTotp, insertStaffMember, type StaffMemberRow } from "../../app/server/db/stores/staff-members.server";
import { ensureFirstOwner } from "../../app/server/staff/first-owner.server";
import { hashPassword } from "../../app/server/staff/passwords.server";
import { openSecret, sealSecret } from "../../app/server/staff/two-step.server";
import { ownerPassword } from "../../app/server/console/owner-password.server";
import { TestBrowser } from "./route-harness";

/** The first owner's email (OWNER_EMAIL's default). */
export function ownerEmail(): string {
  return config().OWNER_EMAIL;
}

/** The sign-in form's fields. */
export function signInForm(password: string, email: string = ownerEmail()): Record<string, string> {
  return { email, password };
}

/** A browser signed in as the first owner (made first, as the server does at start). */
export async function signedInOwner(): Promise<TestBrowser> {
  await ensureFirstOwner();
  const owner = new TestBrowser();
  expect(await owner.call(signIn.action, "/owner", { form: signInForm(ownerPassword()) })).toRedirectTo("/owner/orders");
  return owner;
}

export const staffPassword = "a-test-staff-password";

/** A person of `role`, active with `staffPassword`, with an authenticator when `secret` is given (base32). */
export async function aPerson(role: StaffRole, options: { name?: string; email?: string; secret?: string } = {}): Promise<StaffMemberRow> {
  const name = options.name ?? `${role[0]!.toUpperCase()}${role.slice(1)} Person`;
  const staff = await insertStaffMember({
    name,
    email: options.email ?? `${role}.${Math.random().toString(36).slice(2, 8)}@example.com`,
    role,
    status: "active",
    passwordHash: await hashPassword(staffPassword),
  });
  if (!staff) throw new Error("a person with that email exists");
  if (options.secret) await confirmTotp(staff.id, sealSecret(options.secret), 0);
  return { ...staff, totpSecret: options.secret ? sealSecret(options.secret) : null };
}

/** The code an authenticator shows now (or at `at`) for a sealed or plain secret. */
export function codeFor(secret: string, at: Date = new Date()): Promise<string> {
  return generate({ secret: openSecret(secret) ?? secret, epoch: Math.floor(at.getTime() / 1000) });
}

/** A browser signed in as a new person of `role` (no two-step: the tests run on localhost). */
export async function signedInAs(
  role: StaffRole,
  options: { name?: string } = {},
): Promise<{ browser: TestBrowser; staff: StaffMemberRow }> {
  await ensureFirstOwner();
  const staff = await aPerson(role, options);
  const browser = new TestBrowser();
  const answer = await browser.call(signIn.action, "/owner", { form: signInForm(staffPassword, staff.email) });
  expect(answer.status).toBe(303);
  return { browser, staff };
}

export { twoStep };
