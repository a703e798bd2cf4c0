// The shape of app/, read from its import graph: each layer imports only the ones below it
// (routes > components > server services > stores and adapters > funnel), and no module reaches
// itself again through its imports. Both slipped once without a test saying so; this one reads
// every import (type-only ones too: a type from a route still ties a view to that route).
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const appRoot = path.resolve(__dirname, "../../app");

/** Every TypeScript module of app/, by its path relative to app/. */
function modulesOf(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return modulesOf(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path.relative(appRoot, full)] : [];
  });
}

const modules = modulesOf(appRoot);
const known = new Set(modules);

function isFile(candidate: string): boolean {
  try {
    return statSync(path.join(appRoot, candidate)).isFile();
  } catch {
    return false;
  }
}

/** The module an import names, relative to app/, or undefined for a package or a non-module file (CSS). */
function resolved(from: string, specifier: string): string | undefined {
  let target: string;
  if (specifier.startsWith("~/")) target = specifier.slice(2);
  else if (specifier.startsWith(".")) target = path.normalize(path.join(path.dirname(from), specifier));
  else return undefined;
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, path.join(target, "index.ts"), path.join(target, "index.tsx")]) {
    if (known.has(candidate)) return candidate;
  }
  if (isFile(target)) return undefined; // a stylesheet or an asset
  throw new Error(`${from} imports ${specifier}, which is no module of app/`);
}

const importPattern =
  /(?:^|\n)\s*(?:import|export)\s[^;]*?\sfrom\s+["']([^"']+)["']|(?:^|\n)\s*import\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

const importsOf = new Map<string, string[]>(
  modules.map((module) => {
    const text = readFileSync(path.join(appRoot, module), "utf8");
    const targets = [...text.matchAll(importPattern)]
      .map((match) => match[1] ?? match[2] ?? match[3]!)
      .map((specifier) => resolved(module, specifier))
      .filter((target): target is string => target !== undefined);
    return [module, [...new Set(targets)]];
  }),
);

const layers = ["funnel", "stores and adapters", "server services", "components", "routes"] as const;

/**
 * Where a module sits: its folder says it. Config and the log are read by every layer of the
 * server, stores included. Her words in each language (`i18n/`) are pure, as the funnel is.
 */
function layerOf(module: string): number {
  const [top, second] = module.split(path.sep);
  if (top === "funnel" || top === "i18n") return 0;
  if (top === "server") {
    if (second === "db" || second === "provider" || second === "payments") return 1;
    if (second === "config.server.ts" || second === "log.server.ts") return 1;
    return 2;
  }
  if (top === "components") return 3;
  return 4; // routes, root, the entries and what only they use
}

describe("the layers of app/", () => {
  it("reads a graph (the test would pass on nothing otherwise)", () => {
    expect(modules.length).toBeGreaterThan(150);
    expect([...importsOf.values()].flat().length).toBeGreaterThan(500);
  });

  it("never imports from a higher layer", () => {
    const upward = [...importsOf].flatMap(([module, targets]) =>
      targets
        .filter((target) => layerOf(target) > layerOf(module))
        .map((target) => `${module} (${layers[layerOf(module)]}) imports ${target} (${layers[layerOf(target)]})`),
    );
    expect(upward).toEqual([]);
  });

  it("has no circle of imports", () => {
    // Tarjan's strongly connected components: a component of more than one module is a circle.
    let index = 0;
    const indexOf = new Map<string, number>();
    const lowest = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const circles: string[][] = [];
    const visit = (module: string) => {
      indexOf.set(module, index);
      lowest.set(module, index);
      index++;
      stack.push(module);
      onStack.add(module);
      for (const target of importsOf.get(module) ?? []) {
        if (!indexOf.has(target)) {
          visit(target);
          lowest.set(module, Math.min(lowest.get(module)!, lowest.get(target)!));
        } else if (onStack.has(target)) {
          lowest.set(module, Math.min(lowest.get(module)!, indexOf.get(target)!));
        }
      }
      if (lowest.get(module) === indexOf.get(module)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== module);
        if (component.length > 1) circles.push(component.sort());
      }
    };
    for (const module of modules) if (!indexOf.has(module)) visit(module);
    expect(circles).toEqual([]);
  });

  it("keeps the console's routes and her private pages out of each other's folders", () => {
    // What both share is a service's (a limit, a rule): a route's folder is its own screen,
    // and the console must not change when her page does, nor hers when the console's does.
    const areaOf = (module: string) => {
      const [top, route] = module.split(path.sep);
      if (top !== "routes" || !route) return undefined;
      if (route === "owner.tsx" || route.startsWith("owner.") || route.startsWith("owner_")) return "console";
      if (route.startsWith("subscription.")) return "her pages";
      return undefined;
    };
    const crossing = [...importsOf].flatMap(([module, targets]) => {
      const area = areaOf(module);
      if (!area) return [];
      return targets
        .filter((target) => areaOf(target) !== undefined && areaOf(target) !== area)
        .map((target) => `${module} imports ${target}`);
    });
    expect(crossing).toEqual([]);
  });

  it("keeps every route module to a screen's worth (200 lines)", () => {
    const long = modules
      .filter((module) => module.startsWith(`routes${path.sep}`))
      .map((module) => ({ module, lines: readFileSync(path.join(appRoot, module), "utf8").trimEnd().split("\n").length }))
      .filter(({ lines }) => lines > 200);
    expect(long).toEqual([]);
  });
});
