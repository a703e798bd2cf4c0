// `npm run bench`: one table, measured in one run on this machine, of
//   - every screen's weight: gzipped HTML, <script> elements, gzipped JS and CSS it loads;
//   - two anchors: a plain node:http server answering /welcome's bytes from memory, and a bare
//     Remix page (bench/bare-remix.mjs) standing for the framework's floor;
//   - on each engine (embedded PGlite, one instance; PostgreSQL, `--instances` of them, 2 by
//     default): throughput and latency of /welcome for a new visitor and for one with a
//     session, and of /checkout/{uuid}, each as a ratio to its anchor; 100 concurrent
//     complete checkouts with the sandbox gateway, each pressed twice at once (on two
//     instances, one press each), then 100 more the same way (the first burst after start
//     and a server that has taken orders, side by side); the server's resident memory after it all;
//   - each patch in patches/: the app with it taken out, beside the app as installed (PGlite);
//   - the owner's funnel report on a million flows (PostgreSQL).
// `--pglite` or `--postgres` measures one engine only. The app runs built, production mode, on
// a fresh database, driven over HTTP as a browser without JavaScript would: forms posted,
// 303s followed by hand. Writes the table to stdout and to bench/latest.md.
//
// This file runs the measures in order; each lives in a module of its own: screens.mjs (the
// screens' weight), anchors.mjs and static-server.mjs (the anchors), load.mjs (throughput),
// checkouts.mjs (the burst and what the database says after it), funnel-report.mjs (the
// owner's report), processes.mjs (the app started and stopped, its resident memory),
// drive-funnel.mjs (a visitor walking the funnel), settings.mjs, and report.mjs (the table).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { measureAnchors } from "./anchors.mjs";
import { bareRemixVersion } from "./bare-remix.mjs";
import { concurrentCheckouts, readOrders } from "./checkouts.mjs";
import { walkFunnel } from "./drive-funnel.mjs";
import { measureFunnelReport } from "./funnel-report.mjs";
import { measurePatches } from "./patches.mjs";
import { load } from "./load.mjs";
import { freePorts, freshPostgres, startApp, tail } from "./processes.mjs";
import { engineRows, patchRows, rate, render, reportRows, screenRows } from "./report.mjs";
import { measureScreens } from "./screens.mjs";
import { root, settings } from "./settings.mjs";

/** One engine: the app started (as many instances as asked), loaded, burst, measured, stopped. */
async function measureEngine({ engine, instances, ports, dataDir, progress, withScreens }) {
  const database = engine === "postgres" ? { url: await freshPostgres() } : { dataDir: path.join(dataDir, "pglite-0") };
  const count = engine === "postgres" ? instances : 1;
  const sessionSecret = "bench-session-secret-0123456789-0123456789";
  const apps = [];
  const result = { engine, instances: count };
  try {
    for (let i = 0; i < count; i++) {
      const appDir = path.join(dataDir, `${engine}-${i}`);
      mkdirSync(appDir, { recursive: true });
      progress(`${engine}: starting instance ${i + 1} of ${count} on port ${ports[i]}`);
      apps.push(
        await startApp({
          port: ports[i],
          dataDir: engine === "postgres" ? appDir : database.dataDir,
          env: { SESSION_SECRET: sessionSecret, ...(database.url ? { DATABASE_URL: database.url } : {}) },
        }),
      );
    }
    // The loads below go to the first instance only; its CPU time is theirs.
    const [app] = apps;
    result.command = app.command;
    if (withScreens) {
      progress(`${engine}: measuring the screens`);
      result.screens = await measureScreens(app.origin);
    }
    const newVisitor = await fetch(`${app.origin}/welcome`);
    result.entryHeaders = [...newVisitor.headers].filter(([name]) => !["date", "x-request-id", "connection", "keep-alive"].includes(name));
    await newVisitor.arrayBuffer();

    progress(`${engine}: /welcome for new visitors`);
    result.welcomeNew = await load(`${app.origin}/welcome`, { cpuMs: app.cpuMs });
    progress(`${engine}: /welcome?lang=es for new visitors`);
    result.welcomeNewEs = await load(`${app.origin}/welcome?lang=es`, { cpuMs: app.cpuMs });
    const flow = await walkFunnel(app.origin, { email: "bench.load@example.org", upTo: "checkout" });
    const cookie = { Cookie: flow.browser.cookieHeader() };
    progress(`${engine}: /welcome with her session`);
    result.welcomeSession = await load(`${app.origin}/welcome`, { headers: cookie, cpuMs: app.cpuMs });
    const checkoutPath = `/checkout/${flow.uuid}`;
    const checkoutPage = await flow.browser.request(checkoutPath);
    if (checkoutPage.status !== 200) throw new Error(`${checkoutPath} answered ${checkoutPage.status} to its own visitor`);
    progress(`${engine}: /checkout/{uuid} with her session`);
    result.checkout = await load(`${app.origin}${checkoutPath}`, { headers: cookie, cpuMs: app.cpuMs });

    // Twice: the first burst is the first COMPLETE PURCHASE these processes run, so it also
    // measures V8 compiling that code and PostgreSQL's first reads of those tables; the second
    // is a server that has taken orders before, as the pages above are measured after a warm-up.
    const origins = apps.map((a) => a.origin);
    progress(`${engine}: ${settings.checkouts} flows to the final checkout, then COMPLETE PURCHASE x2 each, all at once`);
    const first = await concurrentCheckouts(origins, "first");
    progress(`${engine}: the same again, ${settings.checkouts} new flows`);
    result.checkouts = { first, again: await concurrentCheckouts(origins, "again") };
    result.residentMb = apps.map((a) => a.residentMb());
  } catch (error) {
    for (const app of apps) process.stderr.write(`The app's log, last lines (${app.logFile}):\n${tail(app.logFile)}\n`);
    throw error;
  } finally {
    progress(`${engine}: stopping the app`);
    await Promise.all(apps.map((app) => app.stop()));
  }
  try {
    result.orders = await readOrders(database, [...result.checkouts.first.uuids, ...result.checkouts.again.uuids]);
  } catch (error) {
    result.orders = { error: error.message };
  }
  return result;
}

async function main() {
  const startedAt = new Date();
  const started = performance.now();
  const loadBefore = os.loadavg()[0];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "funnel-bench-"));
  const ports = await freePorts(settings.instances + 4);
  const [staticPort, barePort, reportPort, ...appPorts] = ports;
  const progress = (text) => process.stderr.write(`[bench ${((performance.now() - started) / 1000).toFixed(0).padStart(3)} s] ${text}\n`);
  process.once("SIGINT", () => process.exit(130));

  if (settings.patchesOnly) {
    const patches = await measurePatches({ port: appPorts[0], dataDir, progress });
    console.log(`\n${render(patchRows(patches), "text")}`);
    rmSync(dataDir, { recursive: true, force: true });
    return;
  }

  // The engines, PGlite first (its screens are the table's); PostgreSQL needs a server.
  const results = [];
  const skipped = [];
  for (const engine of settings.engines) {
    if (engine === "postgres") {
      try {
        await freshPostgres();
      } catch (error) {
        skipped.push(`PostgreSQL not measured: no server (${error.code ?? error.message}); run \`bash .ci/postgres\` first`);
        continue;
      }
    }
    results.push(
      await measureEngine({ engine, instances: settings.instances, ports: appPorts, dataDir, progress, withScreens: results.length === 0 }),
    );
  }
  if (results.length === 0) throw new Error(skipped.join("; "));
  const screens = results[0].screens;

  const anchors = await measureAnchors({ barePort, staticPort, welcome: screens.welcome, dataDir, progress });

  const patches = await measurePatches({ port: appPorts[0], dataDir, progress }).catch((error) => ({ skipped: error.message }));

  const reportDir = path.join(dataDir, "funnel-report");
  mkdirSync(reportDir);
  const report = await measureFunnelReport({ root, startApp, port: reportPort, dataDir: reportDir, progress }).catch((error) => ({
    skipped: error.message,
  }));

  const rows = [
    {
      section:
        "Screens (PGlite): gzipped (level 6) HTML, <script> elements, JS fetched (entry scripts, modulepreloads and their static imports), stylesheets",
    },
    ...screenRows(screens.rows),
    {
      section: `Anchors: autocannon, ${settings.connections} connections, ${settings.durationSeconds} s each after a ${settings.warmupSeconds} s warm-up`,
    },
    ["static: /welcome's bytes from node:http", rate(anchors.static), "—", ""],
    [`bare Remix ${bareRemixVersion()} page (Express, compression)`, rate(anchors.bare), "—", ""],
    ...results.flatMap((r) => engineRows(r, anchors)),
    ...patchRows(patches),
    ...reportRows(report),
  ];

  const seconds = (performance.now() - started) / 1000;
  const heading =
    `Benchmark ${startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC · Node ${process.version} · ` +
    `${os.cpus().length} CPUs · load ${loadBefore.toFixed(1)} → ${os.loadavg()[0].toFixed(1)} · ${results[0].command}, ` +
    `NODE_ENV=production, sandbox gateway · run took ${seconds.toFixed(0)} s`;
  const failures = [];
  let part = "";
  for (const row of rows) {
    if (row.section) part = row.short ? `${row.short}: ` : "";
    else if (row[3] === "FAIL") failures.push(`${part}${row[0]}`);
  }
  const summary = [failures.length ? `Targets missed: ${failures.join("; ")}.` : "Every target met.", ...skipped].join(" ");
  const headers = (results[0].entryHeaders ?? []).map(([name, value]) => `${name}: ${value}`).join("\n");
  const headerBlock = `Headers of /welcome for a new visitor (${results[0].engine}):\n\n\`\`\`\n${headers}\n\`\`\``;

  console.log(`\n${heading}\n\n${render(rows, "text")}\n\n${summary}\n\n${headerBlock}`);
  for (const r of results) {
    const buildErrors = [...r.checkouts.first.buildErrors, ...r.checkouts.again.buildErrors];
    if (buildErrors.length)
      console.log(`\n${r.engine}: flows that failed before checkout (first 3):\n${buildErrors.slice(0, 3).join("\n")}`);
  }
  writeFileSync(
    path.join(root, "bench/latest.md"),
    `${heading}\n\n${render(rows, "md")}\n\n${summary}\n\n${headerBlock}\n\nRun with \`npm run bench\` (see docs/benchmark.md).\n`,
  );
  rmSync(dataDir, { recursive: true, force: true });
}

await main();
