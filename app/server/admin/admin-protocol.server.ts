// The admin socket's protocol. The embedded database is one process's: whoever opens the folder
// listens on DATA_DIR/admin.sock, and everyone else asks it rather than open the folder twice,
// which would corrupt it. One JSON line each way (a backup's bytes after its answer); mode 0600.
import path from "node:path";
import { z } from "zod";

export const socketFileName = "admin.sock";

/** Refused unread: no command needs more. */
export const requestLineMaxBytes = 4096;

/** Taken for a broken answer (a staff list is far shorter). */
export const answerLineMaxBytes = 1024 * 1024;

/** Linux allows 107 bytes, macOS 103; a deeper folder is reached relative to the working folder, where server and commands start. */
const socketPathMaxBytes = 100;

/** Undefined when no socket can be made there. */
export function adminSocketPath(dataDir: string): string | undefined {
  const absolute = path.resolve(dataDir, socketFileName);
  if (Buffer.byteLength(absolute) <= socketPathMaxBytes) return absolute;
  const relative = path.relative(process.cwd(), absolute);
  return Buffer.byteLength(relative) <= socketPathMaxBytes ? relative : undefined;
}

export const adminRequestSchema = z.discriminatedUnion("command", [
  /** Who holds the folder: a server, or a command that opened it. */
  z.strictObject({ command: z.literal("hello") }),
  z.strictObject({ command: z.literal("backup") }),
  z.strictObject({ command: z.literal("reset-password"), email: z.string().trim().min(3).max(254) }),
  z.strictObject({ command: z.literal("list-staff") }),
]);

export type AdminRequest = z.infer<typeof adminRequestSchema>;

export type FolderHolder = "server" | "command";

export interface StaffListed {
  name: string;
  email: string;
  role: string;
  status: string;
}

export type AdminReply =
  | { ok: true; holder: FolderHolder; pid: number }
  /** This many bytes (a gzipped tar) follow the line. */
  | { ok: true; bytes: number }
  | { ok: true; reset: { status: "reset"; name: string; setupUrl: string } | { status: "unknown" } }
  | { ok: true; staff: StaffListed[] }
  | { ok: false; message: string };

/** Or what is wrong with it, as the answer says it. */
export function readRequestLine(line: string): { ok: true; request: AdminRequest } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { ok: false, message: "The request is not JSON." };
  }
  const parsed = adminRequestSchema.safeParse(value);
  if (parsed.success) return { ok: true, request: parsed.data };
  const command = (value as { command?: unknown } | null)?.command;
  const known = adminRequestSchema.options.some((option) => option.shape.command.value === command);
  return { ok: false, message: known ? "The request's fields are not right for its command." : "Unknown command." };
}
