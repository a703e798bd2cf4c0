// `npm run staff -- reset-password EMAIL` and `npm run staff -- list`: the way back in for an
// owner who lost their password or phone, run on the server's machine. With the embedded
// database on disk it goes through the running server (the folder is its alone), else this
// command holds the folder and opens the database itself; PostgreSQL it opens directly.
import { existsSync } from "node:fs";
import path from "node:path";
import { setupLinkHours } from "../../funnel/staff-setup";
import { staffRoleLabels, staffStatusLabels, type StaffRole, type StaffStatus } from "../../funnel/staff";
import { askAdmin } from "./admin-client.server";
import { adminRequestSchema, adminSocketPath, type AdminReply, type AdminRequest } from "./admin-protocol.server";
import { FolderHeld, holdDataFolder } from "./admin-socket.server";
import type { CommandReport, DataSettings } from "./backup.server";
import { answerStaffRequest } from "./server-admin.server";

export const staffUsage = [
  "Usage:",
  "  npm run staff -- reset-password EMAIL   a new setup link for that person (their password and two-step sign-in are forgotten)",
  "  npm run staff -- list                   everyone on the staff: name, email, role, status",
];

type StaffRequest = Extract<AdminRequest, { command: "reset-password" | "list-staff" }>;

function requestOf(args: string[]): StaffRequest | undefined {
  const [action, ...rest] = args;
  const request =
    action === "reset-password" && rest.length === 1
      ? { command: "reset-password", email: rest[0] }
      : action === "list" && rest.length === 0
        ? { command: "list-staff" }
        : undefined;
  const parsed = adminRequestSchema.safeParse(request);
  return parsed.success ? (parsed.data as StaffRequest) : undefined;
}

function reportOf(reply: AdminReply, direct: boolean): CommandReport {
  if (!reply.ok) return { exitCode: 1, lines: [reply.message] };
  if ("reset" in reply) {
    if (reply.reset.status === "unknown") return { exitCode: 1, lines: ["No one on the staff has that email."] };
    return {
      exitCode: 0,
      lines: [
        `New setup link for ${reply.reset.name} (valid ${setupLinkHours} hours, works once): ${reply.reset.setupUrl}`,
        direct ? "It is emailed to them too when the server next runs." : "It is emailed to them too.",
      ],
    };
  }
  if ("staff" in reply) {
    if (reply.staff.length === 0)
      return { exitCode: 0, lines: ["No one is on the staff yet: the server makes the first owner when it starts."] };
    const rows = reply.staff.map((person) => [
      person.name,
      person.email,
      staffRoleLabels[person.role as StaffRole] ?? person.role,
      staffStatusLabels[person.status as StaffStatus] ?? person.status,
    ]);
    const header = ["Name", "Email", "Role", "Status"];
    const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
    const line = (cells: string[]) =>
      cells
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join("  ")
        .trimEnd();
    return { exitCode: 0, lines: [line(header), ...rows.map(line)] };
  }
  return { exitCode: 1, lines: ["The server's answer was not one this command knows."] };
}

/**
 * Runs a staff command. When no server holds the embedded folder (or with PostgreSQL) it opens
 * the process's database itself: the caller closes it after.
 */
export async function staffCommand(args: string[], settings: DataSettings): Promise<CommandReport> {
  const request = requestOf(args);
  if (!request) return { exitCode: 2, lines: staffUsage };
  const direct = async () => reportOf(await answerStaffRequest(request), true);
  if (settings.databaseUrl) return direct();
  if (settings.dataDir === "memory://") {
    return { exitCode: 1, lines: ["DATA_DIR is memory://: the server's database lives in its memory, where no command can reach it."] };
  }
  const socketPath = adminSocketPath(settings.dataDir);
  if (!socketPath)
    return { exitCode: 1, lines: [`DATA_DIR (${settings.dataDir}) is too deep a path for the admin socket. Use a shorter DATA_DIR.`] };
  let asked;
  try {
    asked = await askAdmin(socketPath, request);
  } catch (error) {
    return { exitCode: 1, lines: [`The server could not be asked: ${error instanceof Error ? error.message : String(error)}`] };
  }
  if (asked.answered) return reportOf(asked.reply, false);
  const folder = path.resolve(settings.dataDir, "pglite");
  if (!existsSync(folder))
    return { exitCode: 1, lines: [`There is no database in ${folder} yet: start the server once, and it makes the first owner.`] };
  let hold;
  try {
    hold = await holdDataFolder(socketPath);
  } catch (error) {
    if (error instanceof FolderHeld) return { exitCode: 1, lines: [error.message] };
    throw error;
  }
  try {
    return await direct();
  } finally {
    await hold.close();
  }
}
