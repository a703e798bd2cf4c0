// Each patch in patches/ measured for what it gains: the built app started from a copy of the
// repository with that one patch taken back out, beside the app as installed, on the page the
// patches are for (a page Remix draws from the database: /checkout/{uuid} with her session).
// The app as installed is measured before and after each; the spread of those runs is the
// noise, and a patch whose gain is within it earns its place no more.
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { walkFunnel } from "./drive-funnel.mjs";
import { load } from "./load.mjs";
import { startApp } from "./processes.mjs";
import { root } from "./settings.mjs";

/** The patch files, and the package each one changes (its name before the version). */
export function patchFiles() {
  return readdirSync(path.join(root, "patches"))
    .filter((name) => name.endsWith(".patch"))
    .sort()
    .map((file) => ({ file, name: file.replace(/\+\d[^+]*\.patch$/, "").replace("+", "/") }));
}

/** A copy of the repository (hard links, so it takes seconds) with `patch` taken out of its package. */
function treeWithout(patch, dataDir) {
  const tree = path.join(dataDir, `without-${patch.file}`);
  mkdirSync(tree);
  for (const entry of readdirSync(root)) {
    if (entry === ".git") continue;
    execFileSync("cp", ["-al", path.join(root, entry), tree]);
  }
  // The package's files copied whole first, so reversing the patch cannot reach the originals.
  const packageDir = path.join(tree, "node_modules", patch.name);
  rmSync(packageDir, { recursive: true });
  execFileSync("cp", ["-a", path.join(root, "node_modules", patch.name), packageDir]);
  execFileSync("patch", ["-R", "-s", "-p1", "-d", tree, "-i", path.join(root, "patches", patch.file)]);
  return tree;
}

async function measureTree({ label, tree, port, dataDir, progress }) {
  const appDir = path.join(dataDir, `app-${port}-${label.replace(/\W+/g, "-")}`);
  mkdirSync(appDir, { recursive: true });
  progress(`patches: ${label}`);
  const app = await startApp({ port, dataDir: appDir, cwd: tree, env: { SESSION_SECRET: "bench-session-secret-0123456789-0123456789" } });
  try {
    const flow = await walkFunnel(app.origin, { email: "bench.patches@example.org", upTo: "checkout" });
    const checkoutPath = `/checkout/${flow.uuid}`;
    return {
      label,
      ...(await load(`${app.origin}${checkoutPath}`, { headers: { Cookie: flow.browser.cookieHeader() }, cpuMs: app.cpuMs })),
    };
  } finally {
    await app.stop();
  }
}

/**
 * The app as installed, then each patch taken out in turn with the app as installed again after
 * it: each patch is judged against the two runs beside it, and the spread of all the runs as
 * installed is the run's noise (the machine's own drift included).
 */
export async function measurePatches({ port, dataDir, progress }) {
  const installed = [await measureTree({ label: "as installed", tree: root, port, dataDir, progress })];
  const without = [];
  for (const patch of patchFiles()) {
    const tree = treeWithout(patch, dataDir);
    try {
      without.push({ patch, ...(await measureTree({ label: `without ${patch.name}`, tree, port, dataDir, progress })) });
    } finally {
      rmSync(tree, { recursive: true, force: true });
    }
    installed.push(await measureTree({ label: "as installed", tree: root, port, dataDir, progress }));
  }
  return { installed, without };
}
