// Our HTTP server, in place of remix-serve: the same Express, compression and static
// files, plus what remix-serve cannot do: security headers on every answer, cross-site posts
// refused, the client's address given to the app, one JSON log line per request (pino) that
// names no one, every request's body counted as it arrives and held to its door's cap (413
// past it), a connection closed (not reused) after a post whose body was refused unread, an
// orderly stop on SIGTERM, the entry pages of new visitors answered from memory, and her views
// of a page kept for the same data answered before Express and Remix (decision 0032). The
// app's own pieces come from the build's entry module (app/entry.server.tsx), so the rules
// live in tested TypeScript.
import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestHandler, writeReadableStreamToWritable } from "@remix-run/node";
import compression from "compression";
import express from "express";
import onHeaders from "on-headers";
import v8 from "node:v8";

// The old generation grows to half again what survived its last full collection, not V8's
// default of up to four times: under a load of pages most of what survives a young
// collection is a request still waiting on the database, garbage a moment later, and the
// default let it swell the resident memory by 150 MB for a throughput 3 % higher.
// (decision 0029). Set before anything is allocated; it is read at each collection.
v8.setFlagsFromString("--heap-growing-percent=50");

// As remix-serve: production unless told otherwise (the embedded defaults start with no settings).
process.env.NODE_ENV ??= "production";

const root = path.dirname(fileURLToPath(import.meta.url));
const build = await import(path.join(root, "build/index.js"));
const {
  log,
  securityHeaders,
  resourcePolicy,
  crossSiteRefusal,
  clientAddressHeader,
  trustProxy,
  shutdown,
  pageText,
  createEntryPageMemory,
  createDrawnPageAnswers,
  replayingRoutes,
  replayContext,
  bodyCaps,
  bodyDoorOf,
  declaredOver,
  readStreamWithin,
  tooLargeMessages,
  listen,
  manifestAskRefused,
} = build.entry.module;

// The request's lines hold only what is built here (its id, method, route, status and the
// like), where no field the app's log redacts can be: they are written without its redaction,
// which costs more than writing the rest of the line.
const requestLog = log.child({}, { redact: [] });
// A server failure's line carries this as its error, as a thrown one would (by its kind).
const failedAnswer = new Error("answered with a server error");

const uuidSegment = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const requestIdPattern = /^[A-Za-z0-9._:-]{1,100}$/;

/** The path as a route: no query (it can carry an email or a token), uuids as ":uuid". */
function routeOf(url) {
  const pathname = (url ?? "/").split("?")[0];
  return (
    pathname
      .split("/")
      // Her private link's token, her plan's and her health data link's are keys: never logged.
      .map((segment, index, segments) =>
        uuidSegment.test(segment)
          ? ":uuid"
          : /^(subscription|plan|health-data-privacy)$/i.test(segments[index - 1] ?? "")
            ? ":token"
            : segment,
      )
      .join("/")
      .slice(0, 200)
  );
}

/** The request's id: the one a proxy gave it when well formed, else a new one. */
function requestIdOf(req) {
  const given = req.headers["x-request-id"];
  return typeof given === "string" && requestIdPattern.test(given) ? given : randomUUID();
}

/** The client's address: the socket's peer, or behind a trusted proxy the first X-Forwarded-For hop. */
function clientAddressOf(req) {
  const forwarded = trustProxy
    ? String(req.headers["x-forwarded-for"] ?? "")
        .split(",")[0]
        .trim()
    : "";
  return (forwarded || req.socket.remoteAddress || "").slice(0, 100);
}

const stylesheet = (() => {
  try {
    const file = readdirSync(path.join(root, "public/build/_assets")).find((name) => /^app-[\w-]+\.css$/.test(name));
    return file ? `/build/_assets/${file}` : undefined;
  } catch {
    return undefined;
  }
})();

/** Whether a request comes with a body (chunked, or a length over 0). */
function hasBody(req) {
  return req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
}

/**
 * After an answer to a request whose body was not read to the end (a post refused unread:
 * cross-site, over its cap), the rest of that body is still on its way in this connection (or
 * waits in it, unread), where the next request would be looked for: such a connection is not
 * reused.
 */
const lingerBytes = 1024 * 1024;
const lingerMs = 2_000;

function closeAfterAnswer(req, res) {
  res.setHeader("Connection", "close");
  // Node closes the socket as soon as the answer is out; unread bytes still in it make the
  // kernel send a reset, which can cost a client the answer it was about to read. So the
  // answer is followed by our half of the close, and a bounded amount of what is left of the
  // body is read and dropped (a client that sends a little too much finishes and reads the
  // answer). Past that nothing more is read: the client's sending stops (TCP's window closes)
  // while it can still read the answer, and the socket goes when the body ends or after
  // lingerMs. A reset then, with the answer long delivered, costs nothing.
  const socket = req.socket;
  socket.destroySoon = function lingeringClose() {
    this.end();
    let left = lingerBytes;
    const close = () => {
      clearTimeout(timer);
      this.destroy();
    };
    const timer = setTimeout(close, lingerMs);
    this.once("close", () => clearTimeout(timer));
    // Whoever was reading the body (the app's request stream) no longer wants it.
    req.removeAllListeners("data");
    req.on("data", (chunk) => {
      left -= chunk.length;
      if (left <= 0) req.pause();
    });
    req.once("end", close);
    req.resume();
  };
}

/** A page the server answers by itself, before the app: a title, what happened, the way back. */
function plainPage(title, text) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>${stylesheet ? `<link rel="stylesheet" href="${stylesheet}">` : ""}</head>
<body><main id="main" class="page"><section class="panel narrow">
<h1>${title}</h1>
<p>${text}</p>
<p><a class="button button-primary" href="/welcome">Go to the start</a></p>
</section></main></body></html>`;
}

/** The policy of those pages: a stylesheet, nothing else. */
const plainPagePolicy = "default-src 'none'; style-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const crossSitePage = plainPage(
  "This form was sent from another site",
  "For your safety we only accept forms sent from our own pages, so nothing was saved. Please go back to our site and try again from there.",
);

const tooLargePage = plainPage("That was more than this form accepts", "Nothing was saved. Please go back and try again.");

/**
 * The request's body, read as it arrives and never past the cap of its door (form, JSON,
 * webhook: body-cap.server.ts), before Remix is given the request: over the cap, declared or
 * counted, the answer is 413 at once and the rest is not read (the connection is closed after
 * the answer). The bytes read, null for a read without a body, or undefined when answered or
 * when the client went before the end of its body.
 */
async function bodyWithinCap(req, res) {
  const reading = req.method === "GET" || req.method === "HEAD";
  if (!hasBody(req)) return reading ? null : Buffer.alloc(0);
  const door = bodyDoorOf(req.path);
  const cap = bodyCaps[door];
  const read = declaredOver(req.headers["content-length"], cap) ? { status: "too large" } : await readStreamWithin(req, cap);
  if (read.status === "broken") return undefined;
  if (read.status === "read") return reading ? null : read.bytes;
  requestLog.warn({ req: req.logFields, door, cap }, "request body over its cap refused");
  if (door === "form") {
    res.status(413).set({ "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": plainPagePolicy }).send(tooLargePage);
  } else {
    res.status(413).json({ success: false, message: tooLargeMessages[door] });
  }
  return undefined;
}

// Remix's Express adapter (@remix-run/express) reads the body from the socket itself, so its
// two halves are done here, as it does them, around a body already read within its cap.

/**
 * The request Remix is given: as the adapter makes it, with the body read (or null). Its
 * address is the Host header's, over http: the adapter's `req.protocol` and `req.get("host")`
 * with no proxy trusted, and this server speaks no TLS.
 */
function remixRequestOf(req, res, body) {
  const headers = new Headers();
  for (const [name, values] of Object.entries(req.headers)) {
    if (Array.isArray(values)) for (const value of values) headers.append(name, value);
    else if (values) headers.set(name, values);
  }
  // Loaders and actions are stopped once no answer can be sent (closed before it was finished).
  let controller = new AbortController();
  const { signal } = controller;
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  return new Request(`http://${req.headers.host}${req.originalUrl ?? req.url}`, {
    method: req.method,
    headers,
    signal,
    ...(body === null ? {} : { body }),
  });
}

/** Remix's answer, sent as the adapter sends it; a page drawn in one piece, as its text. */
async function sendRemixAnswer(res, answer) {
  res.statusMessage = answer.statusText;
  res.status(answer.status);
  for (const [name, value] of answer.headers.entries()) res.append(name, value);
  if (/text\/event-stream/i.test(answer.headers.get("Content-Type") ?? "")) res.flushHeaders();
  const text = pageText(answer);
  if (text !== undefined) res.set("Content-Length", String(Buffer.byteLength(text))).end(text);
  else if (answer.body) await writeReadableStreamToWritable(answer.body, res);
  else res.end();
}

/** Remix's answer with its body in it (a page drawn in one piece carries its text beside). */
async function remixAnswerOf(request) {
  const answer = await remix(request);
  const text = pageText(answer);
  return text === undefined
    ? answer
    : new Response(text, { status: answer.status, statusText: answer.statusText, headers: answer.headers });
}

/** Every file under public/, as a path: answered by the static middleware, never a page. */
const publicFiles = new Set(
  readdirSync(path.join(root, "public"), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map(
      (entry) =>
        `/${path
          .relative(path.join(root, "public"), path.join(entry.parentPath ?? entry.path, entry.name))
          .split(path.sep)
          .join("/")}`,
    ),
);

/** Paths answered by files (the build's and public/'s), never by a page. */
const isFile = (pathname) => pathname.startsWith("/build/") || publicFiles.has(pathname);

const app = express();
app.disable("x-powered-by");

// One line per request, written when its answer is finished or when its connection went
// first (the browser moved on, or the body never came): that one is neither done nor the
// server's failure, and has no status if none went out. The line names the request only,
// never its headers, query or body: req.logFields, which the request's other lines carry too.
function logRequest(req, res) {
  // Begun already: her view of a drawn page, gone on to Express (answerDrawnPage).
  if (req.logFields) return;
  const begun = Date.now();
  const id = requestIdOf(req);
  res.setHeader("X-Request-Id", id);
  req.logFields = { id, method: req.method, route: routeOf(req.url) };
  const written = (error) => {
    res.off("finish", written);
    res.off("close", written);
    res.off("error", written);
    const ended = res.writableEnded;
    const failed = error !== undefined || res.statusCode >= 500;
    const status = { statusCode: res.headersSent ? res.statusCode : null };
    const responseTime = Date.now() - begun;
    if (!failed)
      requestLog[ended ? "info" : "warn"]({ req: req.logFields, res: status, responseTime }, ended ? "request done" : "request aborted");
    else
      requestLog[ended ? "error" : "warn"](
        { req: req.logFields, res: status, err: error ?? failedAnswer, responseTime },
        ended ? "request failed" : "request aborted",
      );
  };
  res.on("finish", written);
  res.on("close", written);
  // An error on the answer is logged as its end (and is not left unhandled).
  res.on("error", written);
}
app.use((req, res, next) => {
  logRequest(req, res);
  next();
});

app.use((req, res, next) => {
  // Set as the answer's headers go out, where the app has not set them itself. Pages bring
  // their own policy (with the nonce); JSON, redirects and files get one that lets nothing
  // run, and an answer that chose no caching is not cached (personal data).
  onHeaders(res, () => {
    for (const [name, value] of securityHeaders) if (!res.getHeader(name)) res.setHeader(name, value);
    if (!res.getHeader("Content-Security-Policy")) res.setHeader("Content-Security-Policy", resourcePolicy);
    if (!res.getHeader("Cache-Control")) res.setHeader("Cache-Control", "no-store");
    // Its body not read to the end: refused before it was read, or past its cap. (A bodiless
    // request is never "ended" until read, and a synchronous answer can come before Node has
    // marked it complete: only a request with a body counts.)
    if (hasBody(req) && !req.readableEnded) closeAfterAnswer(req, res);
  });
  // The app reads the client's address from this header; whatever a client sent in it goes.
  req.headers[clientAddressHeader] = clientAddressOf(req);
  // Her private pages, her shared plan and her health data send no referrer (a token is in their address), so
  // browsers post their forms with "Origin: null", which Remix takes for a forgery. Sec-Fetch-Site
  // still says where the post came from, and a forged post could not name her token anyway.
  if (req.headers.origin === "null" && /^\/(subscription|plan|health-data-privacy)(\/|$)/i.test(req.path)) delete req.headers.origin;
  const refusal = crossSiteRefusal({
    method: req.method,
    ownHost: req.headers.host ?? "",
    secFetchSite: req.headers["sec-fetch-site"],
    origin: req.headers.origin,
    referer: req.headers.referer,
  });
  if (!refusal) return next();
  requestLog.warn({ req: req.logFields, refusal }, "cross-site request refused");
  res
    .status(403)
    .set({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "Content-Security-Policy": plainPagePolicy })
    .send(crossSitePage);
});

app.use(compression());
// Fingerprinted build files forever; the rest of public/ for an hour (as remix-serve). Only
// a path that is a file there is looked for on disk: a page's request costs no stat.
app.use("/build", express.static(path.join(root, "public/build"), { immutable: true, maxAge: "1y" }));
const publicFolder = express.static(path.join(root, "public"), { maxAge: "1h" });
app.use((req, res, next) => (publicFiles.has(req.path) ? publicFolder(req, res, next) : next()));
// Each loader hands back what it already gave for a view begun before Express (answerDrawnPage).
const remix = createRequestHandler({ ...build, routes: replayingRoutes(build.routes) }, process.env.NODE_ENV);
app.all("*", async (req, res, next) => {
  try {
    const begun = req.drawnPageView;
    if (begun) return await sendRemixAnswer(res, await remix(begun.request, begun.context));
    // Remix's route discovery matches every leading part of each path asked about: an ask no
    // page of ours makes costs it up to a second (manifest-request.server.ts).
    if (manifestAskRefused(req.originalUrl ?? req.url)) return res.status(400).type("text/plain").send("Invalid Request");
    const body = await bodyWithinCap(req, res);
    if (body === undefined) return;
    await sendRemixAnswer(res, await remix(remixRequestOf(req, res, body)));
  } catch (error) {
    // Express does not wait for a promise: its error handler is called by hand.
    next(error);
  }
});

// The entry pages a new visitor gets (the same bytes for everyone) are drawn once by the app
// and then answered from memory before Express, the request log's middleware and Remix.
const entryPages = createEntryPageMemory({
  routes: build.routes,
  render: (url) => remixAnswerOf(new Request(url)),
  headers: securityHeaders,
  requestId: requestIdOf,
  isFile,
  onAnswer: ({ url, status }) => countMemoryAnswer(`${routeOf(url)} ${status}`),
});

// Answers from memory are counted, not logged one by one: a line per answer would cost more
// than the answer itself (as a CDN's hits never reach the origin's log). Every 10 s, one line.
let memoryAnswers = new Map();
function countMemoryAnswer(label) {
  memoryAnswers.set(label, (memoryAnswers.get(label) ?? 0) + 1);
}
function logMemoryAnswers() {
  if (memoryAnswers.size === 0) return;
  log.info({ answers: Object.fromEntries(memoryAnswers) }, "entry pages answered from memory");
  memoryAnswers = new Map();
}
setInterval(logMemoryAnswers, 10_000).unref();

// Her views of a page drawn from its data (the selection page): its loaders are called here,
// before Express and Remix, and when they give the data a kept page was drawn from, that page
// is the answer, with the headers Express and the app give it. Anything else goes on to
// Express and Remix with what the loaders gave (each loader runs once).
const drawnPages = createDrawnPageAnswers(build.routes);

function answerDrawnPage(req, res) {
  if (req.method !== "GET" || hasBody(req) || !req.headers.host) return app(req, res);
  const url = req.url ?? "/";
  const queryAt = url.indexOf("?");
  const pathname = queryAt < 0 ? url : url.slice(0, queryAt);
  if (isFile(pathname)) return app(req, res);
  const page = drawnPages.match(pathname, queryAt < 0 ? "" : url.slice(queryAt));
  if (!page) return app(req, res);
  logRequest(req, res);
  req.headers[clientAddressHeader] = clientAddressOf(req);
  const request = remixRequestOf(req, res, null);
  drawnPages
    .outcomes(page, request)
    .then((outcomes) => {
      let answer;
      try {
        answer = drawnPages.answer(request.url, outcomes, req.headers["accept-encoding"]);
      } catch {
        // Remix meets the same trouble below, and answers it as it does.
        answer = undefined;
      }
      if (answer === undefined) {
        req.drawnPageView = { request, context: replayContext(outcomes) };
        return app(req, res);
      }
      if (!res.destroyed) res.writeHead(200, answer.headers).end(answer.body);
    })
    .catch((error) => res.destroy(error));
}

const server = createServer((req, res) => {
  const answered = entryPages.answer(req, res);
  if (answered === true) return;
  if (answered === false) return answerDrawnPage(req, res);
  answered.then((done) => done || answerDrawnPage(req, res));
});
// A body is at most its door's cap (256 KB), which a poor phone sends in seconds: a client that
// trickles one for longer only holds a connection and its buffer. Node's own default is 5 minutes.
server.requestTimeout = 30_000;
server.headersTimeout = 20_000;
// PORT, on HOST when set (else every interface): behind a proxy with TRUST_PROXY=true, only the
// proxy may reach the server, or a client could name any address in X-Forwarded-For.
const { address, port } = await listen(server);
log.info({ address, port }, "listening");

// SIGTERM (a deploy, docker stop): stop taking requests, let those in flight finish, stop the
// workers after their rounds, close the database, then exit. A stop that hangs is cut off.
let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, "stopping");
  setTimeout(
    () => {
      log.error("stop took too long; exiting");
      log.flush(() => process.exit(1));
    },
    Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 20_000),
  ).unref();
  await new Promise((resolve) => {
    server.close(resolve);
    server.closeIdleConnections();
  });
  logMemoryAnswers();
  await shutdown();
  log.info("stopped");
  log.flush(() => process.exit(0));
}
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));
