// The running server's admin socket (admin-protocol.server.ts): with the embedded database on
// disk, the server holds its folder, so `npm run backup` and `npm run staff` come here rather
// than open it a second time. Started at boot before the database opens (a folder another
// process holds stops the start), closed at shutdown after the answers under way.
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

/** The staff commands, as the server answers them and as a command answers itself when no server runs. */
export async function answerStaffRequest(
  request: Extract<AdminRequest, { command: "reset-password" | "list-staff" }>,
): Promise<AdminReply> {
  if (request.command === "reset-password") return { ok: true, reset: await resetStaffPassword(request.email, commandLine, null) };
  const staff = await listStaffMembers();
  return { ok: true, staff: staff.map(({ name, email, role, status }) => ({ name, email, role, status })) };
}

/**
 * A backup of the embedded database as it is between two queries. PGlite runs one query at a
 * time on its thread, and dumpDataDir waits its turn like any query: the copy of the files
 * is taken with no statement running, so it is the folder as a power cut at that moment would
 * leave it. Every transaction committed before it is in it (its WAL written at commit); one
 * still open (its next statement waiting) is in it unfinished, and rolled back by the crash
 * recovery that a restore's first start runs, as after a power cut.
 */
export async function backupOf(client: Pick<PGlite, "dumpDataDir">): Promise<AdminAnswer> {
  const body = await client.dumpDataDir("gzip");
  return { reply: { ok: true, bytes: body.size }, body };
}

/** What the server answers, over the embedded database `client` gives. */
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

/** The process's embedded engine (on its own thread), as far as a backup needs it. */
async function embeddedClient(): Promise<Pick<PGlite, "dumpDataDir">> {
  const dump = await embeddedDump();
  if (!dump) throw new Error("the database is not the embedded engine on disk");
  return { dumpDataDir: dump };
}

const holder = globalThis as typeof globalThis & { __adminSocket?: Promise<AdminSocket | undefined> };

/**
 * At boot, before the database opens: the socket of the embedded database's folder, when the
 * database is PGlite on disk (PostgreSQL is many processes' and backs itself up with its own
 * tools; a database in memory has no folder). Throws (FolderHeld) when another process holds
 * the folder: the server must not open it too.
 */
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

/** At shutdown, before the database closes: waits for the answers under way (a backup being sent). */
export async function stopAdminSocket(): Promise<void> {
  const opened = holder.__adminSocket;
  holder.__adminSocket = undefined;
  await (await opened?.catch(() => undefined))?.close();
}
