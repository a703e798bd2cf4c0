// The server's entry: boots the process (configuration, the embedded database's admin socket,
// the database, the outbox, lifecycle, housekeeping and prune workers) once, then
// renders each document request with its security headers. It also hands our HTTP server
// (server.mjs) what it needs from the app: the headers for every answer, the cross-site check,
// the cap on every request's body, the logger, and an orderly shutdown.
import { randomBytes } from "node:crypto";
import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext, ServerBuild } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { ServerTranslators } from "./components/i18n";
import { translator } from "./i18n/messages";
import { NonceContext } from "./nonce";
import { pageDrawnFromData, pageHydrates } from "./route-handle";
import { DrawnPages, drawnPageKey } from "./server/http/drawn-pages.server";
import { drawnPageMatcher, keptPageFor, loadersOutcomes, type LoaderOutcome } from "./server/http/drawn-page-answers.server";
import { chooseEncoding } from "./server/http/entry-page-memory.server";
import { startAdminSocket, stopAdminSocket } from "./server/admin/server-admin.server";
import { config } from "./server/config.server";
import { closeDatabase, database } from "./server/db/client.server";
import { busyRetryAfterSeconds, isDatabaseBusy } from "./server/db/connection-wait.server";
import { baseSecurityHeaders, pagePolicy, policySources, resourcePolicy } from "./server/http/security-headers.server";
import { log } from "./server/log.server";
import { startOutboxWorker, stopOutboxWorker } from "./server/outbox/worker.server";
import { announceFirstOwner } from "./server/staff/first-owner.server";
import { startLifecycleWorker, stopLifecycleWorker } from "./server/subscriptions/lifecycle-worker.server";
import { startHousekeeping, stopHousekeeping } from "./server/workers/housekeeping.server";
import { startPrunes, stopPrunes } from "./server/workers/prunes.server";

// Fail fast: a wrong setting stops the server here, with the list of what is wrong.
config();
// Before the database opens: the embedded engine's folder is one process's, so a start that
// finds it held (another server, a backup or a staff command) stops here with who holds it.
await startAdminSocket();
await database();
startOutboxWorker();
startLifecycleWorker();
startHousekeeping();
startPrunes();
await announceFirstOwner();

const renderTimeoutMs = 5_000;
/**
 * Requests a loader or action of which found no database connection within the wait. Remix
 * shows handleError the error itself, and handleRequest only its sanitized copy.
 */
const busyRequests = new WeakSet<Request>();
const drawnPages = new DrawnPages();
/**
 * The HTML of each page drawn in one piece, by its answer, whose body is left empty: made
 * into a stream for the answer, and read back out of it, it cost a page more than its text.
 */
const pageTexts = new WeakMap<Response, string>();

/** A page's HTML when it was drawn in one piece (the answer's body is then empty), else undefined. */
export function pageText(answer: Response): string | undefined {
  return pageTexts.get(answer);
}
const sources = policySources(config());

export { crossSiteRefusal } from "./server/http/cross-site.server";
export { createEntryPageMemory } from "./server/http/entry-page-memory.server";
/** The client address header, and whether the proxy in front of us may name the client (TRUST_PROXY). */
export { clientAddressHeader, trustProxy } from "./server/http/client-address.server";
export { bodyCaps, bodyDoorOf, declaredOver, readStreamWithin, tooLargeMessages } from "./server/http/body-cap.server";
/** Asks of Remix's route discovery wider than a page of ours makes: refused before Remix. */
export { manifestAskRefused } from "./server/http/manifest-request.server";
/** Where the server listens: PORT, on HOST when set. */
export { listen } from "./server/http/listen.server";
export { log };

export { replayContext, replayingRoutes } from "./server/http/drawn-page-answers.server";

/**
 * Her views of pages drawn from their data, answered before Express and Remix when a page drawn
 * from the same data is kept (drawn-page-answers.server.ts): which addresses, their loaders'
 * outcomes, and the answer: the kept page, with the headers Express and `handleRequest` give it.
 */
export function createDrawnPageAnswers(routes: ServerBuild["routes"]) {
  const headers: Record<string, string> = {
    ...Object.fromEntries(securityHeaders),
    "Content-Type": "text/html; charset=utf-8",
    "Content-Security-Policy": pagePolicy(undefined, sources),
    "Cache-Control": "no-store",
    // Compressed or not by the client's Accept-Encoding, as the server's compression says it.
    Vary: "Accept-Encoding",
  };
  return {
    match: drawnPageMatcher(routes, (handles) => pageDrawnFromData(handles) && !pageHydrates(handles, false)),
    outcomes: loadersOutcomes,
    /** The kept page's answer for these outcomes, in the best encoding the client takes; else undefined. */
    answer(url: string, outcomes: Map<string, LoaderOutcome>, acceptEncoding: string | undefined) {
      const kept = keptPageFor(url, outcomes, (key) => drawnPages.kept(key));
      if (!kept) return undefined;
      const encoding = chooseEncoding(acceptEncoding);
      const body = kept.body(encoding);
      const length = { "Content-Length": String(body.length) };
      return { body, headers: { ...headers, ...length, ...(encoding === "identity" ? {} : { "Content-Encoding": encoding }) } };
    },
  };
}

/** The policy of every answer that is not a page (server.mjs sets it where none is set). */
export { resourcePolicy };

/** Headers for every answer, files included (server.mjs sets them before anything else). */
export const securityHeaders = baseSecurityHeaders(sources);

/** Stops the workers (each round in progress finishes) and the admin socket (a backup being sent finishes), then closes the database. */
export async function shutdown(): Promise<void> {
  await Promise.all([stopOutboxWorker(), stopLifecycleWorker(), stopHousekeeping(), stopPrunes(), stopAdminSocket()]);
  await closeDatabase();
  log.flush();
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  // Only a page that hydrates ships scripts; every other one allows none and needs no nonce.
  const { matches, errors } = remixContext.staticHandlerContext;
  // No database connection came in time: not a failure of hers or ours to report, but a busy
  // server. The error page asks her to try again in a moment, and says when.
  if (responseStatusCode === 500 && busyRequests.has(request)) {
    responseStatusCode = 503;
    responseHeaders.set("Retry-After", String(busyRetryAfterSeconds));
  }
  const handles = matches.map((match) => remixContext.routeModules[match.route.id]?.handle);
  const scripts = pageHydrates(handles, Boolean(errors));
  const nonce = scripts ? randomBytes(16).toString("base64") : undefined;
  const page = (
    <NonceContext.Provider value={nonce ?? ""}>
      {/* Every message of every language on the server; the browser gets only its page's. */}
      <ServerTranslators.Provider value={translator}>
        <RemixServer context={remixContext} url={request.url} abortDelay={renderTimeoutMs} nonce={nonce} />
      </ServerTranslators.Provider>
    </NonceContext.Provider>
  );
  const answer = (body: BodyInit | null) => {
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    responseHeaders.set("Content-Security-Policy", pagePolicy(nonce, sources));
    // A page is drawn for one visitor's session, and no shared cache may keep it, unless
    // it is an entry page shown to a new visitor (entry-pages.server.ts) and came out as
    // it does for everyone: a plain GET, no cookie set, no error.
    const shareable =
      (request.method === "GET" || request.method === "HEAD") &&
      (responseStatusCode === 200 || responseStatusCode === 404) &&
      !responseHeaders.has("Set-Cookie") &&
      /^public\b/.test(responseHeaders.get("Cache-Control") ?? "");
    if (!shareable) responseHeaders.set("Cache-Control", "no-store");
    return new Response(body, { headers: responseHeaders, status: responseStatusCode });
  };
  // A page without scripts waits for nothing (no data streamed to a script, no Suspense): it is
  // drawn in one piece, without the streams a streamed render needs on its way out. An error
  // in it is thrown, as a streamed shell's is, for Remix to draw the error page.
  // A page drawn from its data alone is drawn once for the same data (drawn-pages.server.ts).
  if (!scripts) {
    // Its data are never sent to a script. Remix encodes them only when read (patches/), and
    // its renderer would read them for a script all the same, then throw the encoding away.
    remixContext.serverHandoffStream = undefined;
    const { loaderData, actionData } = remixContext.staticHandlerContext;
    const key = pageDrawnFromData(handles)
      ? drawnPageKey(request.url, request.method, responseStatusCode, { loaderData, actionData, errors })
      : undefined;
    const html = drawnPages.draw(key, () => `<!DOCTYPE html>${renderToString(page)}`);
    const drawn = answer(null);
    pageTexts.set(drawn, html);
    return Promise.resolve(drawn);
  }
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      // Everyone gets the whole document at once: pages are small.
      onAllReady() {
        // Drawn: nothing is left to cut short. (A timer left waiting would hold the whole
        // request, its streams and its page, in memory for its length: thousands of them
        // under load.)
        clearTimeout(renderDeadline);
        shellRendered = true;
        const body = new PassThrough();
        resolve(answer(createReadableStreamFromReadable(body)));
        pipe(body);
      },
      onShellError(error: unknown) {
        clearTimeout(renderDeadline);
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- React's own error, passed on to Remix as it is
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) log.error({ err: error }, "page render failed");
      },
    });
    const renderDeadline = setTimeout(abort, renderTimeoutMs + 1_000);
  });
}

/** Errors thrown in loaders and actions: logged without the request's data (no query, no body). */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  // Her private link's token, her plan's and her health data link's are keys: never logged.
  const path = new URL(request.url).pathname.replace(/(\/(?:subscription|plan|health-data-privacy)\/)[^/]+/i, "$1:token");
  if (isDatabaseBusy(error)) {
    busyRequests.add(request);
    log.warn({ method: request.method, path }, "no database connection within the wait: answered busy");
  } else log.error({ err: error, method: request.method, path }, "request failed");
}
