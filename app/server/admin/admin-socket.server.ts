// Listening on the folder's admin socket only when nobody else holds it: mode 0600, one request a
// connection. Closing waits for the answers under way (a backup being sent).
import { existsSync } from "node:fs";
import { chmod, mkdir, unlink } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { Readable } from "node:stream";
import { log } from "../log.server";
import { whoHolds, type Holder } from "./admin-client.server";
import { readRequestLine, requestLineMaxBytes, type AdminReply, type AdminRequest } from "./admin-protocol.server";

export interface AdminAnswer {
  reply: AdminReply;
  body?: Blob;
}

export type AdminHandler = (request: AdminRequest) => Promise<AdminAnswer>;

export interface AdminSocket {
  path: string;
  close(): Promise<void>;
}

/** It must not be opened here. */
export class FolderHeld extends Error {
  constructor(readonly holder: Holder) {
    super(
      holder.holder === "server"
        ? `A server is running on this data folder${holder.pid ? ` (pid ${holder.pid})` : ""}.`
        : holder.holder === "command"
          ? `A command (a backup, a restore or a staff command) has this data folder open${holder.pid ? ` (pid ${holder.pid})` : ""}: try again when it ends.`
          : "Another process holds this data folder's admin socket but does not answer.",
    );
  }
}

const requestLineMs = 10_000;
const bodyIdleMs = 60_000;

function answerOn(socket: net.Socket, answer: AdminAnswer): Promise<void> {
  return new Promise((resolve) => {
    // The asker may have gone while the answer was made.
    if (socket.destroyed) return resolve();
    socket.once("close", () => resolve());
    socket.write(`${JSON.stringify(answer.reply)}\n`);
    if (!answer.body) {
      socket.end();
      return;
    }
    socket.setTimeout(bodyIdleMs, () => socket.destroy());
    const body = Readable.fromWeb(answer.body.stream() as import("node:stream/web").ReadableStream);
    body.on("error", () => socket.destroy());
    body.pipe(socket);
  });
}

interface Connections {
  /** Closing the socket ends them. */
  waiting: Set<net.Socket>;
  /** Closing the socket waits for them. */
  inFlight: Set<Promise<void>>;
}

function serve(socket: net.Socket, handler: AdminHandler, connections: Connections): void {
  let buffered = Buffer.alloc(0);
  connections.waiting.add(socket);
  socket.once("close", () => connections.waiting.delete(socket));
  socket.setTimeout(requestLineMs, () => socket.destroy());
  socket.on("error", () => socket.destroy());
  const onData = (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    const end = buffered.indexOf(10);
    if (end === -1 && buffered.length <= requestLineMaxBytes) return;
    socket.off("data", onData);
    connections.waiting.delete(socket);
    socket.setTimeout(0);
    const read =
      end === -1 || end > requestLineMaxBytes
        ? ({ ok: false, message: "The request is too long." } as const)
        : readRequestLine(buffered.subarray(0, end).toString("utf8"));
    const answered = (async () => {
      let answer: AdminAnswer;
      if (!read.ok) {
        answer = { reply: { ok: false, message: read.message } };
      } else {
        try {
          if (read.request.command !== "hello") log.info({ admin: read.request.command }, "admin command");
          answer = await handler(read.request);
        } catch (error) {
          log.error({ admin: read.request.command, error: error instanceof Error ? error.name : "unknown" }, "admin command failed");
          answer = { reply: { ok: false, message: "The command failed on the server: its log says more." } };
        }
      }
      await answerOn(socket, answer);
    })();
    connections.inFlight.add(answered);
    void answered.finally(() => connections.inFlight.delete(answered));
  };
  socket.on("data", onData);
}

function listen(server: net.Server, socketPath: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once("error", onError);
    // Mode 0600 from the start: listen() binds at once, so the mask is put back before anything else runs.
    const mask = process.umask(0o177);
    try {
      server.listen(socketPath, () => {
        server.off("error", onError);
        resolve();
      });
    } finally {
      process.umask(mask);
    }
  });
}

/** FolderHeld when another process answers there; a socket file left by an ended process is replaced. */
export async function openAdminSocket(socketPath: string, handler: AdminHandler): Promise<AdminSocket> {
  const holder = await whoHolds(socketPath);
  if (holder) throw new FolderHeld(holder);
  // Its user's alone (data-folder.server.ts).
  await mkdir(path.dirname(path.resolve(socketPath)), { recursive: true, mode: 0o700 });
  if (existsSync(socketPath)) await unlink(socketPath).catch(() => {});
  const connections: Connections = { waiting: new Set(), inFlight: new Set() };
  const server = net.createServer((socket) => serve(socket, handler, connections));
  await listen(server, socketPath);
  await chmod(socketPath, 0o600);
  let closed: Promise<void> | undefined;
  return {
    path: socketPath,
    close() {
      closed ??= (async () => {
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        for (const socket of connections.waiting) socket.destroy();
        await Promise.allSettled([...connections.inFlight]);
        // Resolved once every connection has ended; the socket file goes with it.
        await stopped;
      })();
      return closed;
    },
  };
}

/** Who it is, and that it is busy. */
export const commandHolder: AdminHandler = async (request) =>
  request.command === "hello"
    ? { reply: { ok: true, holder: "command", pid: process.pid } }
    : {
        reply: { ok: false, message: "A command (a backup, a restore or a staff command) has the database open: try again when it ends." },
      };

/** FolderHeld when someone else holds it. */
export function holdDataFolder(socketPath: string): Promise<AdminSocket> {
  return openAdminSocket(socketPath, commandHolder);
}
