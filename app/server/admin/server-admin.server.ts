// The running server's admin socket: with PGlite on disk the server holds the folder, so
// `npm run backup` and `npm run staff` come here rather than open it twice. Started before the
// database opens (a held folder stops the start), closed after the answers under way.
import type { PGlite } from "@electric-sql/pglite";
import { config } from "../config.server";
import { embeddedDump } from "../db/client.server";
import { listStaffMembers } from "../db/stores/staff-members.server";
import { log } from "../log.server";
import { commandLine } from "../staff/audit.server";
import { resetStaffPassword } from "../staff/staff-accounts.server";
import type { AdminReply, AdminRequest } from "./admin-protocol.server";
import { adminSocketPath } from "./admin-protocol.server";
import { openAdminSocket, type AdminAnswer, type AdminHandler, type AdminSocket } from "./admin-socket.server";

/** Also answered by a command itself when no server runs. */
export async function answerStaffRequest(
  request: Extract<AdminRequest, { command: "reset-password" | "list-staff" }>,
): Promise<AdminReply> {
  if (request.command === "reset-password") return { ok: true, reset: await resetStaffPassword(request.email, commandLine, null) };
  const staff = await listStaffMembers();
  return { ok: true, staff: staff.map(({ name, email, role, status }) => ({ name, email, role, status })) };
}

/**
 * dumpDataDir waits its turn like any query, so the copy is taken with no statement running: the
 * folder as a power cut would leave it. Committed transactions are in it; an open one is rolled
 * back by a restore's first start, as after a power cut.
 */
export async function backupOf(client: Pick<PGlite, "dumpDataDir">): Promise<AdminAnswer> {
  const body = await client.dumpDataDir("gzip");
  return { reply: { ok: true, bytes: body.size }, body };
}

export function serverHandler(client: () => Promise<Pick<PGlite, "dumpDataDir">>): AdminHandler {
  return async (request) => {
    switch (request.command) {
      case "hello":
        return { reply: { ok: true, holder: "server", pid: process.pid } };
      case "backup":
        return backupOf(await client());
      case "reset-password":
      case "list-staff":
        return { reply: await answerStaffRequest(request) };
    }
  };
}

/** As far as a backup needs it. */
async function embeddedClient(): Promise<Pick<PGlite, "dumpDataDir">> {
  const dump = await embeddedDump();
  if (!dump) throw new Error("the database is not the embedded engine on disk");
  return { dumpDataDir: dump };
}

const holder = globalThis as typeof globalThis & { __adminSocket?: Promise<AdminSocket | undefined> };

/** PGlite on disk only (PostgreSQL backs itself up; memory has no folder). Throws FolderHeld when another process holds it. */
export function startAdminSocket(): Promise<AdminSocket | undefined> {
  holder.__adminSocket ??= (async () => {
    const settings = config();
    if (settings.DATABASE_URL || settings.DATA_DIR === "memory://") return undefined;
    const socketPath = adminSocketPath(settings.DATA_DIR);
    if (!socketPath) {
      log.warn(
        { dataDir: settings.DATA_DIR },
        "admin socket: DATA_DIR's path is too long for a socket; npm run backup and npm run staff cannot reach this server",
      );
      return undefined;
    }
    return openAdminSocket(socketPath, serverHandler(embeddedClient));
  })();
  return holder.__adminSocket;
}

/** Waits for the answers under way (a backup being sent). */
export async function stopAdminSocket(): Promise<void> {
  const opened = holder.__adminSocket;
  holder.__adminSocket = undefined;
  await (await opened?.catch(() => undefined))?.close();
}
