// The console's roles as shipped: what each may do (the whole table, written out, so a change
// to it is a change to this test too), the menu each sees and where each lands; and every
// console page guarding itself, read from the route files, so a new page cannot forget to.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { homeOf, may, menuOf, permissions, staffRoles, type Permission, type StaffRole } from "../../app/funnel/staff";

const Y = true;
const N = false;

/** Each permission: may an owner, support, a clinician? */
const shipped: Record<Permission, [owner: boolean, support: boolean, clinician: boolean]> = {
  orders: [Y, Y, N],
  "customer-details": [Y, Y, N],
  emails: [Y, Y, N],
  "send-link": [Y, Y, N],
  "cancel-for-her": [Y, Y, N],
  "change-for-her": [Y, Y, N],
  reviews: [Y, N, Y],
  decide: [Y, N, Y],
  funnel: [Y, N, N],
  staff: [Y, N, N],
  audit: [Y, N, N],
  clock: [Y, N, N],
  refunds: [Y, N, N],
  disqualify: [Y, N, Y],
};

describe("the roles", () => {
  it("are owner, support and clinician", () => {
    expect(staffRoles).toEqual(["owner", "support", "clinician"]);
  });

  it("grant exactly the table as shipped, every permission named", () => {
    expect(Object.keys(shipped).sort()).toEqual([...permissions].sort());
    const actual = Object.fromEntries(permissions.map((permission) => [permission, staffRoles.map((role) => may(role, permission))]));
    expect(actual).toEqual(shipped);
  });

  it("show each role the menu of the pages it may open, in order", () => {
    const menu = (role: StaffRole) => menuOf(role).map((item) => [item.label, item.to]);
    expect(menu("owner")).toEqual([
      ["Orders", "/owner/orders"],
      ["Reviews", "/owner/reviews"],
      ["Emails", "/owner/emails"],
      ["Funnel", "/owner/funnel"],
      ["Staff", "/owner/staff"],
      ["Audit log", "/owner/audit"],
    ]);
    expect(menu("support")).toEqual([
      ["Orders", "/owner/orders"],
      ["Emails", "/owner/emails"],
    ]);
    expect(menu("clinician")).toEqual([["Reviews", "/owner/reviews"]]);
  });

  it("land each role on the first page of its menu", () => {
    expect(homeOf("owner")).toBe("/owner/orders");
    expect(homeOf("support")).toBe("/owner/orders");
    expect(homeOf("clinician")).toBe("/owner/reviews");
  });
});

// ---------------------------------------------------------------------------------------------
// Every console route guards itself.

const routesFolder = path.resolve(__dirname, "../../app/routes");

/** Open before a sign-in, or the sign-in itself: each of these reads the session its own way. */
const unguarded = ["owner", "owner._index", "owner.two-step", "owner.sign-out", "owner.setup.$token"];
/** Pages every person signed in may open, whatever their role: their own password. Signed in all the same. */
const everyRole = ["owner.password"];

/** Each console route module by its route's name: a flat file, or a folder's route file. */
function consoleRoutes(): { name: string; file: string }[] {
  const routes: { name: string; file: string }[] = [];
  for (const entry of readdirSync(routesFolder)) {
    if (!/^owner(\.|$|\[)/.test(entry.replace(/\.(tsx?|jsx?)$/, ""))) continue;
    const full = path.join(routesFolder, entry);
    if (statSync(full).isDirectory()) {
      const file = ["route.tsx", "route.ts"]
        .map((name) => path.join(full, name))
        .find((candidate) => statSync(candidate, { throwIfNoEntry: false }));
      if (file) routes.push({ name: entry, file });
    } else if (/\.(tsx?|jsx?)$/.test(entry)) {
      routes.push({ name: entry.replace(/\.(tsx?|jsx?)$/, ""), file: full });
    }
  }
  return routes.sort((a, b) => a.name.localeCompare(b.name));
}

/** The body of each exported loader and action (a function declaration, closed at column 0). */
function handlers(source: string): { name: string; body: string }[] {
  const found: { name: string; body: string }[] = [];
  for (const match of source.matchAll(/^export (?:async )?function (loader|action)\b/gm)) {
    const end = source.indexOf("\n}", match.index);
    found.push({ name: match[1]!, body: source.slice(match.index, end === -1 ? undefined : end) });
  }
  return found;
}

/**
 * What is wrong with a handler's guard, or undefined: it must first await requireStaff with a
 * permission (on a page for every role, with none).
 */
function guardProblem(body: string, forEveryRole = false): string | undefined {
  const firstAwait = body.match(/\bawait\s+([\w.]+)\(([^)]*)\)/);
  if (!firstAwait) return "never awaits requireStaff";
  if (firstAwait[1] !== "requireStaff") return `awaits ${firstAwait[1]} before requireStaff`;
  if (forEveryRole)
    return /^\s*request\s*$/.test(firstAwait[2]!)
      ? undefined
      : `calls requireStaff(${firstAwait[2]}), not requireStaff(request) as a page for every role`;
  const permission = firstAwait[2]!.match(/^\s*request\s*,\s*"([^"]+)"\s*$/)?.[1];
  if (permission === undefined) return `calls requireStaff(${firstAwait[2]}) without a permission`;
  if (!(permissions as readonly string[]).includes(permission)) return `names "${permission}", which is no permission`;
  return undefined;
}

describe("every console route", () => {
  const routes = consoleRoutes();

  it("is found by this test (so the check below cannot pass by reading nothing)", () => {
    const names = routes.map((route) => route.name);
    for (const known of [
      "owner",
      "owner._index",
      "owner.password",
      "owner.orders._index",
      "owner.orders.$reference",
      "owner.emails",
      "owner.funnel",
      "owner.funnel[.]csv",
      "owner.audit",
      "owner.audit[.]csv",
    ]) {
      expect(names).toContain(known);
    }
  });

  it("starts each loader and action with requireStaff(request, a permission), but the sign-in's own pages", () => {
    const problems: string[] = [];
    let guarded = 0;
    for (const route of routes) {
      if (unguarded.includes(route.name)) continue;
      const source = readFileSync(route.file, "utf8");
      if (/^export (?:const|let|var) (loader|action)\b|^export \{[^}]*\b(loader|action)\b/m.test(source)) {
        problems.push(`${route.name}: write its loader and action as exported functions, so their guard can be read`);
      }
      for (const handler of handlers(source)) {
        const problem = guardProblem(handler.body, everyRole.includes(route.name));
        if (problem) problems.push(`${route.name} ${handler.name}: ${problem}`);
        else guarded++;
      }
    }
    expect(problems).toEqual([]);
    expect(guarded).toBeGreaterThanOrEqual(8);
  });

  it("reads a guard as this test means it", () => {
    expect(guardProblem(`export async function loader({ request }) {\n  await requireStaff(request, "audit");`)).toBeUndefined();
    expect(
      guardProblem(`export async function action({ request }) {\n  const { staff } = await requireStaff(request, "decide");`),
    ).toBeUndefined();
    expect(guardProblem(`export async function loader({ request }) {\n  await requireStaff(request);`)).toMatch(/without a permission/);
    expect(guardProblem(`export async function loader({ request }) {\n  await requireStaff(request, "everything");`)).toMatch(
      /no permission/,
    );
    expect(
      guardProblem(
        `export async function action({ request }) {\n  const form = await readForm(request);\n  await requireStaff(request, "staff");`,
      ),
    ).toMatch(/awaits readForm before requireStaff/);
    expect(guardProblem(`export async function loader() {\n  return null;`)).toBe("never awaits requireStaff");
    expect(
      guardProblem(`export async function loader({ request }) {\n  return passwordPage(await requireStaff(request));`, true),
    ).toBeUndefined();
    expect(guardProblem(`export async function loader({ request }) {\n  await readStaffSession(request);`, true)).toMatch(
      /awaits readStaffSession before/,
    );
  });
});
