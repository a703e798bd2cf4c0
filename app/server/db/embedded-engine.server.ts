// PGlite runs Postgres as WebAssembly synchronously on the calling thread: in the event loop every
// statement would stop every page. So a worker thread owns the data folder and serves it over a
// Unix socket (pglite-socket), spoken to with the `pg` driver as PostgreSQL is: one process, the
// same SQL, the database's work on a second core. One session shared by a few connections, one
// conversation at a time, in order.
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { ConversationQueue } from "./conversation-queue.server";

export interface EmbeddedEngine {
  /** `pg`'s host (the socket is `.s.PGSQL.<port>` in it). */
  socketDir: string;
  port: number;
  /** Taken between two statements. */
  dumpDataDir: () => Promise<Blob>;
  /** Its files flushed. */
  close: () => Promise<void>;
}

type FromWorker =
  | { kind: "ready" }
  | { kind: "failed"; message: string }
  | { kind: "dumped"; id: number; bytes: ArrayBuffer }
  | { kind: "dump-failed"; id: number; message: string }
  | { kind: "closed" };

// CommonJS given as text (a bundled server has no file for it), importing by the server's resolved
// addresses; the turns are ConversationQueue's, sent as its source.
const workerSource = `
const { parentPort, workerData } = require("node:worker_threads");
const ConversationQueue = ${String(ConversationQueue)};

(async () => {
  const { PGlite } = await import(workerData.pgliteModule);
  const { PGLiteSocketServer } = await import(workerData.socketModule);
  const db = new PGlite(workerData.folder, { postgresqlconf: workerData.settings });
  await db.waitReady;
  const server = new PGLiteSocketServer({ db, path: workerData.socketPath, maxConnections: workerData.connections });
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
/** The tests' module loader has no import.meta.resolve. */
export const moduleAddress = (name: string) => pathToFileURL(require.resolve(name)).href;

/** More connections do not run more at once: the next query waits at the engine, not in the pool. */
export const engineConnections = 4;

/** `pg` replaces a connection after a failed statement at once: spare slots so the new one is not refused while the old closes. */
const socketConnections = engineConnections + 4;

/** Only the socket's name; the directory is private to this start. */
const port = 5432;

/** `onLost` hears of a thread that ended unasked: the server has no database then. */
export async function startEmbeddedEngine(folder: string, settings: string[], onLost: (reason: string) => void): Promise<EmbeddedEngine> {
  // The engine asks no password: only this user may enter the directory.
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
