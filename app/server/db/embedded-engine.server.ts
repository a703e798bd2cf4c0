// The embedded engine on a thread of its own. PGlite runs Postgres compiled to WebAssembly,
// synchronously, on the thread that calls it: in the server's event loop every statement would
// stop every page being drawn. So a worker thread owns the data folder and serves it over a
// Unix socket in Postgres's own protocol (pglite-socket), and the server speaks to it with the
// `pg` driver it uses for PostgreSQL: one process still, the same migrations and SQL, the
// database's work beside the rendering on a second core. The engine is one session that a few
// connections share, one conversation (a query, a transaction) at a time, in the order they
// asked.
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { ConversationQueue } from "./conversation-queue.server";

export interface EmbeddedEngine {
  /** The directory of its socket: `pg`'s host (the socket is `.s.PGSQL.<port>` in it). */
  socketDir: string;
  port: number;
  /** The folder's files as a gzipped tar, taken between two statements. */
  dumpDataDir: () => Promise<Blob>;
  /** Stops serving, closes the engine (its files flushed) and ends the thread. */
  close: () => Promise<void>;
}

type FromWorker =
  | { kind: "ready" }
  | { kind: "failed"; message: string }
  | { kind: "dumped"; id: number; bytes: ArrayBuffer }
  | { kind: "dump-failed"; id: number; message: string }
  | { kind: "closed" };

// Runs in the worker, as CommonJS given as text (a bundled server has no file of its own for
// it); the modules it needs are imported by the addresses the server resolved.
// The engine's turns are ConversationQueue's (conversation-queue.server.ts), sent as its source.
const workerSource = `
const { parentPort, workerData } = require("node:worker_threads");
const ConversationQueue = ${String(ConversationQueue)};

(async () => {
  const { PGlite } = await import(workerData.pgliteModule);
  const { PGLiteSocketServer } = await import(workerData.socketModule);
  const db = new PGlite(workerData.folder, { postgresqlconf: workerData.settings });
  await db.waitReady;
  const server = new PGLiteSocketServer({ db, path: workerData.socketPath, maxConnections: workerData.connections });
  // Each connection's handler is given the server's queue when it connects.
  server.queryQueue = new ConversationQueue(db);
  await server.start();
  parentPort.on("message", async (message) => {
    if (message.kind === "dump") {
      try {
        const bytes = await (await db.dumpDataDir("gzip")).arrayBuffer();
        parentPort.postMessage({ kind: "dumped", id: message.id, bytes }, [bytes]);
      } catch (error) {
        parentPort.postMessage({ kind: "dump-failed", id: message.id, message: String((error && error.message) || error) });
      }
    } else if (message.kind === "close") {
      await server.stop();
      await db.close();
      parentPort.postMessage({ kind: "closed" });
      parentPort.close();
    }
  });
  parentPort.postMessage({ kind: "ready" });
})().catch((error) => parentPort.postMessage({ kind: "failed", message: String((error && error.message) || error) }));
`;

const require = createRequire(import.meta.url);
/** A package's module address, for a thread or a process of our own to import (the tests' module loader has no import.meta.resolve). */
export const moduleAddress = (name: string) => pathToFileURL(require.resolve(name)).href;

/**
 * The connections the server's pool opens to the engine. Each conversation has the session to
 * itself, so more connections do not run more at once: they let the next query wait at the
 * engine rather than in the pool, ready to run as soon as the last one ends.
 */
export const engineConnections = 4;

/**
 * `pg` ends a connection after any failed statement (a unique key refused, say) and opens the
 * next at once: the engine takes a few more than the pool holds, so the new one is not
 * refused while the old one is closing. A transaction a closed connection left open is rolled
 * back.
 */
const socketConnections = engineConnections + 4;

/** Any number: the socket's name; the directory is private to this start. */
const port = 5432;

/**
 * Starts the engine on `folder` (made already) and resolves once it accepts connections.
 * `onLost` hears of a thread that ended without being asked to: the server has no database then.
 */
export async function startEmbeddedEngine(folder: string, settings: string[], onLost: (reason: string) => void): Promise<EmbeddedEngine> {
  // A directory only this user can enter: the engine asks no password of whoever connects.
  const socketDir = mkdtempSync(path.join(os.tmpdir(), "funnel-db-"));
  const worker = new Worker(workerSource, {
    eval: true,
    workerData: {
      folder,
      settings,
      socketPath: path.join(socketDir, `.s.PGSQL.${port}`),
      connections: socketConnections,
      pgliteModule: moduleAddress("@electric-sql/pglite"),
      socketModule: moduleAddress("@electric-sql/pglite-socket"),
    },
  });
  let closing = false;
  let nextDump = 0;
  const dumps = new Map<number, { resolve: (blob: Blob) => void; reject: (error: Error) => void }>();
  const removeSocketDir = () => rmSync(socketDir, { recursive: true, force: true });

  await new Promise<void>((resolve, reject) => {
    const started = (message: FromWorker) => {
      if (message.kind === "ready") resolve();
      else if (message.kind === "failed") reject(new Error(`the embedded database did not start: ${message.message}`));
    };
    worker.once("message", started);
    worker.once("error", reject);
  }).catch((error) => {
    removeSocketDir();
    void worker.terminate();
    throw error;
  });

  worker.on("message", (message: FromWorker) => {
    if (message.kind === "dumped") dumps.get(message.id)?.resolve(new Blob([message.bytes]));
    else if (message.kind === "dump-failed") dumps.get(message.id)?.reject(new Error(message.message));
    if (message.kind === "dumped" || message.kind === "dump-failed") dumps.delete(message.id);
  });
  worker.on("error", (error) => {
    if (!closing) onLost(error.message);
  });
  worker.on("exit", (code) => {
    removeSocketDir();
    for (const dump of dumps.values()) dump.reject(new Error("the embedded database stopped"));
    dumps.clear();
    if (!closing) onLost(`its thread ended (${code})`);
  });

  return {
    socketDir,
    port,
    dumpDataDir() {
      const id = nextDump++;
      return new Promise<Blob>((resolve, reject) => {
        dumps.set(id, { resolve, reject });
        worker.postMessage({ kind: "dump", id });
      });
    },
    async close() {
      if (closing) return;
      closing = true;
      const closed = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
      worker.postMessage({ kind: "close" });
      await closed;
    },
  };
}
