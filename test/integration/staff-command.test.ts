// `npm run staff -- reset-password EMAIL` (and `list`): through the running server's admin
// socket, or with no server the command holding the folder and opening the database itself.
// A reset forgets the person's password and two-step sign-in, ends their sessions, makes a
// setup link that works once and audits it as done by the command line; an unknown email says so.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { desc } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as ordersList from "../../app/routes/owner.orders._index/route";
import { adminSocketPath } from "../../app/server/admin/admin-protocol.server";
import { openAdminSocket, type AdminSocket } from "../../app/server/admin/admin-socket.server";
import { serverHandler } from "../../app/server/admin/server-admin.server";
import { staffCommand, staffUsage } from "../../app/server/admin/staff-command.server";
import { database } from "../../app/server/db/client.server";
import { auditLog, staffSetupLinks } from "../../app/server/db/schema.server";
import { findStaffMember } from "../../app/server/db/stores/staff-members.server";
import { resetDatabase } from "../support/route-harness";
import { signedInAs } from "../support/staff";

let dataDir: string;
let server: AdminSocket | undefined;

beforeEach(async () => {
  await resetDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), "funnel-staff-command-"));
});

afterEach(async () => {
  await server?.close();
  server = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

/** The server's admin socket on the folder, answering from this process's database (a backup is not asked for here). */
async function aRunningServer(): Promise<void> {
  server = await openAdminSocket(
    adminSocketPath(dataDir)!,
    serverHandler(async () => {
      throw new Error("no backup in these tests");
    }),
  );
}

const setupLine =
  /^New setup link for Support Person \(valid 72 hours, works once\): http:\/\/localhost:3000\/owner\/setup\/([A-Za-z0-9_-]{43})$/;

async function lastAudit() {
  const [row] = await (await database()).select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  return row;
}

describe("npm run staff -- reset-password EMAIL", () => {
  it("through the running server: forgets the password, ends their sessions, prints a setup link, audited as the command line", async () => {
    const { browser, staff } = await signedInAs("support");
    expect(await browser.call(ordersList.loader, "/owner/orders")).toHaveStatus(200);
    await aRunningServer();

    const report = await staffCommand(["reset-password", `  ${staff.email.toUpperCase()} `], { dataDir });

    expect(report.exitCode).toBe(0);
    expect(report.lines[0]).toMatch(setupLine);
    expect(report.lines[1]).toBe("It is emailed to them too.");
    const after = await findStaffMember(staff.id);
    expect(after).toMatchObject({ passwordHash: null, totpSecret: null, status: "active" });
    // The browser they were signed in with is signed in no more.
    expect(await browser.call(ordersList.loader, "/owner/orders")).toRedirectTo("/owner");
    const links = await (await database()).select().from(staffSetupLinks);
    expect(links).toEqual([expect.objectContaining({ staffId: staff.id, usedAt: null })]);
    expect(await lastAudit()).toMatchObject({ action: "password-reset", staffName: "Command line", staffId: null, addressHash: "local" });
  });

  it("says so, and ends with 1, for an email no one on the staff has", async () => {
    await aRunningServer();
    expect(await staffCommand(["reset-password", "nobody@example.com"], { dataDir })).toEqual({
      exitCode: 1,
      lines: ["No one on the staff has that email."],
    });
    expect(await (await database()).select().from(staffSetupLinks)).toEqual([]);
  });

  it("with no server, holds the folder and opens the database itself; the email waits for the server", async () => {
    const { staff } = await signedInAs("support");
    mkdirSync(path.join(dataDir, "pglite"));
    const report = await staffCommand(["reset-password", staff.email], { dataDir });
    expect(report.lines).toEqual([expect.stringMatching(setupLine), "It is emailed to them too when the server next runs."]);
    expect(await findStaffMember(staff.id)).toMatchObject({ passwordHash: null });
    // Held only while it ran: a server may start now.
    expect(existsSync(adminSocketPath(dataDir)!)).toBe(false);
  });

  it("refuses to open a folder that has no database yet", async () => {
    expect(await staffCommand(["reset-password", "owner@example.com"], { dataDir })).toEqual({
      exitCode: 1,
      lines: [`There is no database in ${path.join(dataDir, "pglite")} yet: start the server once, and it makes the first owner.`],
    });
  });
});

describe("npm run staff -- list, and wrong use", () => {
  it("lists everyone on the staff with their role and status", async () => {
    await signedInAs("support", { name: "Sam Support" });
    await aRunningServer();
    const report = await staffCommand(["list"], { dataDir });
    expect(report.exitCode).toBe(0);
    expect(report.lines.map((line) => line.split(/\s{2,}/))).toEqual([
      ["Name", "Email", "Role", "Status"],
      ["Owner", "owner@example.com", "Owner", "Active"],
      ["Sam Support", expect.stringMatching(/^support\..+@example\.com$/), "Support", "Active"],
    ]);
  });

  it("shows how to use it for anything else, ending with 2", async () => {
    for (const args of [
      [],
      ["reset-password"],
      ["reset-password", "a@b.c", "extra"],
      ["delete-everyone"],
      ["reset-password", "x".repeat(300)],
    ]) {
      expect(await staffCommand(args, { dataDir })).toEqual({ exitCode: 2, lines: staffUsage });
    }
  });
});
