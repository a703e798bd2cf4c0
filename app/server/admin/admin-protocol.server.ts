// The admin socket's protocol, shared by the server and the commands (`npm run backup`,
// `restore`, `staff`). The embedded database is one process's: whoever opens its folder (the
// server, or a command when no server runs) listens on DATA_DIR/admin.sock, so anyone else
// asks it rather than opening the folder a second time, which would corrupt it.
//
// A request is one JSON line (at most 4 KB) naming a known command; the answer is one JSON
// line, and for a backup the bytes it announces after it. The socket's mode is 0600: only the
// server's own user may connect.
import path from "node:path";
import { z } from "zod";

export const socketFileName = "admin.sock";

/** A request line longer than this is refused unread: no command needs more. */
export const requestLineMaxBytes = 4096;

/** An answer line longer than this is taken for a broken answer (a staff list is far shorter). */
export const answerLineMaxBytes = 1024 * 1024;

/**
 * Longest path a Unix socket takes with room to spare (Linux allows 107 bytes, macOS 103). A
 * data folder deeper than that is reached by its path from the working folder, which both the
 * server and `npm run` commands start in.
 */
const socketPathMaxBytes = 100;

/** Where the admin socket of an embedded database in `dataDir` is; undefined when no socket can be made there. */
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

/** Who listens on a folder's socket. */
export type FolderHolder = "server" | "command";

export interface StaffListed {
  name: string;
  email: string;
  role: string;
  status: string;
}

export type AdminReply =
  | { ok: true; holder: FolderHolder; pid: number }
  /** A backup: this many bytes (a gzipped tar of the data folder) follow the line. */
  | { ok: true; bytes: number }
  | { ok: true; reset: { status: "reset"; name: string; setupUrl: string } | { status: "unknown" } }
  | { ok: true; staff: StaffListed[] }
  | { ok: false; message: string };

/** Parses a request line: the request, or what is wrong with it (as the answer says it). */
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
