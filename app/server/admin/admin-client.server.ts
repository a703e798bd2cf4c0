// Asking whoever holds an embedded database's folder (admin-protocol.server.ts): one request,
// its answer, and for a backup the bytes that follow it, written where the caller says.
import net from "node:net";
import type { Writable } from "node:stream";
import { answerLineMaxBytes, type AdminReply, type AdminRequest, type FolderHolder } from "./admin-protocol.server";

export type Asked = { answered: false } | { answered: true; reply: AdminReply; bodyBytes: number };

export interface AskOptions {
  /** Where the bytes after the answer go (a backup); asked for only when the answer announces bytes. */
  body?: () => Writable;
  /** The longest silence accepted: a backup waits while the server makes it. */
  idleMs?: number;
}

/** Nobody listens: no socket file, or one left by a process that has ended. */
function nobodyListens(error: NodeJS.ErrnoException): boolean {
  return error.code === "ENOENT" || error.code === "ECONNREFUSED";
}

export function askAdmin(socketPath: string, request: AdminRequest, options: AskOptions = {}): Promise<Asked> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(socketPath);
    let connected = false;
    let settled = false;
    let head = Buffer.alloc(0);
    let reply: AdminReply | undefined;
    let sink: Writable | undefined;
    let bodyBytes = 0;

    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      sink?.destroy();
      reject(error);
    };
    const done = () => {
      if (settled) return;
      settled = true;
      resolve({ answered: true, reply: reply!, bodyBytes });
    };

    socket.setTimeout(options.idleMs ?? 30_000, () => fail(new Error("The server took the request but did not answer in time.")));
    socket.once("connect", () => {
      connected = true;
      socket.write(`${JSON.stringify(request)}\n`);
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (!connected && nobodyListens(error) && !settled) {
        settled = true;
        resolve({ answered: false });
        return;
      }
      fail(error.code === "EACCES" ? new Error("The admin socket is another user's: run this as the user the server runs as.") : error);
    });

    const toBody = (chunk: Buffer) => {
      bodyBytes += chunk.length;
      if (!sink!.write(chunk)) {
        socket.pause();
        sink!.once("drain", () => socket.resume());
      }
    };
    socket.on("data", (chunk: Buffer) => {
      if (reply) {
        if (sink) toBody(chunk);
        return;
      }
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf(10);
      if (end === -1) {
        if (head.length > answerLineMaxBytes) fail(new Error("The answer was not one the server gives."));
        return;
      }
      try {
        reply = JSON.parse(head.subarray(0, end).toString("utf8")) as AdminReply;
      } catch {
        fail(new Error("The answer was not one the server gives."));
        return;
      }
      if (reply.ok && "bytes" in reply) {
        if (!options.body) return fail(new Error("The server sent bytes that were not asked for."));
        sink = options.body();
        sink.on("error", fail);
        const rest = head.subarray(end + 1);
        if (rest.length > 0) toBody(rest);
      }
    });
    socket.on("end", () => {
      if (!reply) return fail(new Error("The server closed the connection without an answer."));
      if (!sink) return done();
      const expected = (reply as { bytes: number }).bytes;
      sink.end(() =>
        bodyBytes === expected ? done() : fail(new Error(`The backup was cut short: ${bodyBytes} of ${expected} bytes came.`)),
      );
    });
  });
}

export interface Holder {
  holder: FolderHolder | "silent";
  pid?: number;
}

/**
 * Who holds the folder whose socket this is: a server, a command, or something that took the
 * connection and said nothing (taken for a holder: better refused than the folder opened
 * twice). Undefined when nobody does.
 */
export async function whoHolds(socketPath: string): Promise<Holder | undefined> {
  let asked: Asked;
  try {
    asked = await askAdmin(socketPath, { command: "hello" }, { idleMs: 5_000 });
  } catch {
    return { holder: "silent" };
  }
  if (!asked.answered) return undefined;
  const reply = asked.reply;
  return reply.ok && "holder" in reply ? { holder: reply.holder, pid: reply.pid } : { holder: "silent" };
}
