// Two stylesheets: app.css, which every page loads, and console.css, which only the owner's
// console loads (its layout route links it). A visitor's page must not carry the console's
// rules, and the console draws with the same design tokens as the funnel, defined once in app.css.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const appRoot = path.resolve(__dirname, "../../app");
const read = (file: string) => readFileSync(path.join(appRoot, file), "utf8");
const withoutComments = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, "");

const visitorCss = withoutComments(read("styles/app.css"));
const consoleCss = withoutComments(read("styles/console.css"));

/** The console's own classes: its `owner-` names and the funnel report's chart and table. */
const consoleClass = /\.(owner-[\w-]+|funnel-(?:chart|figures|table)[\w-]*)/g;

describe("the stylesheets", () => {
  it("keeps every console rule out of the visitor's stylesheet", () => {
    expect(visitorCss.match(consoleClass) ?? []).toEqual([]);
  });

  it("keeps the console's rules in console.css", () => {
    expect(consoleCss).toMatch(/\.owner-console\b/);
    expect(consoleCss).toMatch(/\.owner-table\b/);
    expect(consoleCss).toMatch(/\.funnel-chart\b/);
  });

  it("defines no design token in console.css and uses only those app.css defines", () => {
    const defined = new Set([...visitorCss.matchAll(/(--[\w-]+)\s*:/g)].map((match) => match[1]));
    const used = [...new Set([...consoleCss.matchAll(/var\(\s*(--[\w-]+)/g)].map((match) => match[1]))];
    expect(consoleCss).not.toMatch(/(^|[;{\s])--[\w-]+\s*:/);
    expect(used.length).toBeGreaterThan(0);
    expect(used.filter((name) => !defined.has(name))).toEqual([]);
  });

  it("links console.css from the console's layout route alone", () => {
    const linksConsoleCss = /import\s+\w+\s+from\s+"[./]*styles\/console\.css"/;
    expect(read("routes/owner.tsx")).toMatch(linksConsoleCss);
    expect(read("routes/owner.tsx")).toMatch(/export const links\b/);
    expect(read("root.tsx")).not.toMatch(/console\.css/);
  });
});
