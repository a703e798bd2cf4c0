// The bench's table: each measure's row (what was measured, its target, pass or FAIL), drawn
// as plain text for the terminal or as Markdown for bench/latest.md.
import { reportLimitMs } from "./funnel-report.mjs";
import { settings } from "./settings.mjs";

const kb = (bytes) => (bytes >= 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${bytes} B`);
const ms = (value) => `${Number.isFinite(value) ? Math.round(value) : "?"} ms`;
const passFail = (ok) => (ok ? "pass" : "FAIL");
const limits = { htmlGz: 14 * 1024, cssGz: 10 * 1024, finalJsGz: 100 * 1024 };

export function screenRows(rows) {
  return rows.map((row) => {
    if (row.missing) return [row.label, `not reached: ${row.missing}`, "—", "n/a"];
    const measured =
      `HTML ${kb(row.htmlGz).padStart(8)} · ${String(row.scripts).padStart(2)} <script> · ` +
      `JS ${kb(row.jsGz).padStart(8)}${row.jsFiles ? ` (${row.jsFiles} files)` : ""}${row.externalJs ? ` + ${row.externalJs} external` : ""} · ` +
      `CSS ${kb(row.cssGz).padStart(7)}`;
    const label = `${row.label} [${row.status}]`;
    if (row.hydrates) return [label, measured, "JS < 100 KB gz (Stripe.js aside)", passFail(row.jsGz < limits.finalJsGz)];
    const ok = row.scripts === 0 && row.htmlGz < limits.htmlGz && row.cssGz < limits.cssGz;
    return [label, measured, "0 scripts, HTML < 14 KB, CSS < 10 KB", passFail(ok)];
  });
}

/** The owner's funnel report on PostgreSQL: each page's median and slowest of ten loads. */
export function reportRows(report) {
  const section = { section: "The owner's funnel report on PostgreSQL: GET as the signed-in owner, 10 loads each after 2 to warm up" };
  if (report.skipped) return [section, ["/owner/funnel", `not measured: ${report.skipped}`, `< ${reportLimitMs} ms`, "n/a"]];
  return [
    section,
    ["database", `${report.flows.toLocaleString("en-US")} flows (${report.seeded})`, "1,000,000 flows", ""],
    ...report.results.map((result, index) => [
      result.label,
      `p50 ${ms(result.p50)} · max ${ms(result.max)} · ${kb(result.bytes)}`,
      index === 0 ? `p50 < ${reportLimitMs} ms` : "—",
      index === 0 ? passFail(result.p50 < reportLimitMs) : "",
    ]),
  ];
}

export function render(rows, format) {
  const header = ["Measure", "Measured", "Target", "Result"];
  if (format === "md") {
    const cell = (text) => String(text).replace(/\s+/g, " ").trim().replace(/\|/g, "\\|").replace(/</g, "&lt;");
    return [header, header.map(() => "---"), ...rows.map((row) => (row.section ? [`**${row.section}**`, "", "", ""] : row))]
      .map((row) => `| ${row.map((c) => (c === "---" ? c : cell(c))).join(" | ")} |`)
      .join("\n");
  }
  const plain = rows.filter((row) => !row.section);
  const widths = header.map((h, i) => Math.max(h.length, ...plain.map((row) => String(row[i]).length)));
  const line = (row) =>
    row
      .map((c, i) => String(c).padEnd(widths[i]))
      .join("  ")
      .trimEnd();
  const rule = widths.map((w) => "-".repeat(w)).join("  ");
  return [line(header), rule, ...rows.map((row) => (row.section ? `${row.section}` : line(row)))].join("\n");
}

const targets = {
  welcomeNewToStatic: 0.5,
  welcomeSessionToBare: 0.8,
  checkoutToBare: 0.5,
  checkoutP99ToBare: 3,
  postP99Ms: { pglite: 2000, postgres: 1000 },
  residentMb: { pglite: 600, postgres: 400 },
};

export function engineRows(r, anchors) {
  const label =
    r.engine === "postgres" ? `PostgreSQL, ${r.instances} instance${r.instances > 1 ? "s" : ""}` : "PGlite (embedded), 1 instance";
  // Against the bare Remix page, the p99 reads as a multiple of its p99 too.
  const ratioRow = (name, measured, anchor, anchorName, target, p99Limit) => {
    const ratio = measured.rps / anchor.rps;
    const p99Ratio = anchor === anchors.bare ? measured.p99 / anchor.p99 : undefined;
    const ok = ratio >= target && !measured.bad && (!p99Limit || p99Ratio <= p99Limit);
    return [
      name,
      `${rate(measured, p99Ratio)} · ${ratio.toFixed(2)} of ${anchorName}${measured.bad ? ` · ${measured.problems.join(", ")}` : ""}`,
      `≥ ${target} of ${anchorName}${p99Limit ? `, p99 ≤ ${p99Limit} × bare p99` : ""}`,
      passFail(ok),
    ];
  };
  const { first, again } = r.checkouts;
  const bursts = [first, again];
  const sum = (key) => first[key] + again[key];
  const attempted = sum("attempted");
  const buildErrors = first.buildErrors.length + again.buildErrors.length;
  const postLimit = targets.postP99Ms[r.engine];
  const memoryLimit = targets.residentMb[r.engine];
  const maxResident = Math.max(...r.residentMb);
  const latency = (c) => `p50 ${ms(c.p50)} · p99 ${ms(c.p99)} (all ${c.posts} posts, answered in ${c.fireSeconds.toFixed(1)} s)`;
  return [
    {
      short: r.engine === "postgres" ? "PostgreSQL" : "PGlite",
      section: `${label}: autocannon, ${settings.connections} connections, ${settings.durationSeconds} s each after ${settings.warmupSeconds} s; then ${first.attempted} checkouts pressed twice at once${r.instances > 1 ? " (each flow's presses on two instances)" : ""}, twice`,
    },
    ratioRow("/welcome, new visitor (from memory)", r.welcomeNew, anchors.static, "static", targets.welcomeNewToStatic),
    ratioRow("/welcome?lang=es, new visitor (from memory)", r.welcomeNewEs, anchors.static, "static", targets.welcomeNewToStatic),
    ratioRow(
      "/welcome, her session (reads nothing of hers: from memory)",
      r.welcomeSession,
      anchors.bare,
      "bare Remix",
      targets.welcomeSessionToBare,
    ),
    ratioRow("/checkout/{uuid}, her session", r.checkout, anchors.bare, "bare Remix", targets.checkoutToBare, targets.checkoutP99ToBare),
    [
      "checkouts: orders (both bursts)",
      `${sum("confirmed")} pages say "Payment Successful!" · ${sum("redirected")} × 303 → /payment-complete (both presses ${sum("bothRedirected")})` +
        (r.orders.error ? "" : ` · ${r.orders.authorised} authorised in db`) +
        ` · flows built in ${first.buildSeconds.toFixed(1)} s and ${again.buildSeconds.toFixed(1)} s`,
      `${attempted}/${attempted}`,
      passFail(sum("confirmed") === attempted && (r.orders.error || r.orders.authorised === attempted)),
    ],
    [
      "checkouts: duplicates (both bursts)",
      r.orders.error
        ? `n/a (database not read: ${r.orders.error})`
        : `${r.orders.duplicates} (extra orders, card attempts or orders sent to the provider)`,
      "0",
      r.orders.error ? "n/a" : passFail(r.orders.duplicates === 0),
    ],
    [
      "checkouts: errors (not 2xx/3xx, both bursts)",
      `${sum("errors")} of ${sum("posts")} posts${bursts.some((c) => c.errorStatuses.length) ? ` (status ${[...new Set(bursts.flatMap((c) => c.errorStatuses))].join(", ")})` : ""}` +
        (buildErrors ? ` · ${buildErrors} flows failed before checkout` : ""),
      "0",
      passFail(sum("errors") === 0 && buildErrors === 0),
    ],
    // The first COMPLETE PURCHASE after start also measures compiling its code: shown, not judged.
    ["checkout POST latency, first burst after start", latency(first), "—", ""],
    ["checkout POST latency, the next burst", latency(again), `p99 < ${postLimit} ms`, passFail(again.p99 < postLimit)],
    [
      "resident memory after the run",
      r.residentMb.map((mb) => `${Math.round(mb)} MB`).join(" · "),
      `< ${memoryLimit} MB`,
      passFail(maxResident < memoryLimit),
    ],
  ];
}

/** Requests a second, latency (the p99 with its multiple of the bare page's, when given) and CPU time a request. */
export const rate = (r, p99Ratio) =>
  `${Math.round(r.rps).toLocaleString("en-US").padStart(6)} req/s · p50 ${ms(r.p50)} · ` +
  `p99 ${ms(r.p99)}${p99Ratio === undefined ? "" : ` (${p99Ratio.toFixed(1)} × bare)`} · ` +
  `CPU ${Number.isFinite(r.cpuMsPerRequest) ? r.cpuMsPerRequest.toFixed(2) : "?"} ms/request`;

/** Each patch's gain: CPU time a request without it, against the mean of the runs as installed just before and after. */
export function patchRows(patches) {
  if (patches.skipped) return [{ section: "Patches", short: "patches" }, ["patches not measured", patches.skipped, "—", ""]];
  const { installed, without } = patches;
  const cpus = installed.map((r) => r.cpuMsPerRequest);
  const mean = cpus.reduce((a, b) => a + b, 0) / cpus.length;
  const noise = (Math.max(...cpus) - Math.min(...cpus)) / mean;
  const percent = (x) => `${x >= 0 ? "+" : ""}${(x * 100).toFixed(1)} %`;
  return [
    {
      section:
        "Patches (PGlite): /checkout/{uuid} with her session, each patch taken out in turn, the app as installed before and after each",
      short: "patches",
    },
    [
      `as installed (${installed.length} runs)`,
      `${installed.map((r) => `${r.cpuMsPerRequest.toFixed(2)}`).join(", ")} ms CPU a request · noise ±${(noise * 100).toFixed(1)} % (their spread)`,
      "—",
      "",
    ],
    ...without.map((w, i) => {
      const beside = (installed[i].cpuMsPerRequest + installed[i + 1].cpuMsPerRequest) / 2;
      const gain = w.cpuMsPerRequest / beside - 1;
      return [
        `without ${w.patch.name}`,
        `${rate(w)} · ${percent(gain)} CPU a request against the runs beside it (${beside.toFixed(2)} ms)`,
        "gain beyond the noise",
        gain > noise ? "keep" : "within noise",
      ];
    }),
  ];
}
