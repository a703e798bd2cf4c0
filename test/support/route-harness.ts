// Calls route loaders and actions directly, as Remix would, with a cookie jar per "browser".
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { expect } from "vitest";

type RouteFunction = (args: LoaderFunctionArgs & ActionFunctionArgs) => unknown;

export interface RouteAnswer {
  status: number;
  headers: Headers;
  location: string | null;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the page's data as a browser gets it, untyped; tests assert on its shape
  data: any;
}

/** Where the test browser's requests go; a redirect there is to "our own" site. */
export const testOrigin = "http://localhost";

function isDataWithInit(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return typeof value === "object" && value !== null && (value as { type?: string }).type === "DataWithResponseInit";
}

async function normalise(result: unknown): Promise<RouteAnswer> {
  if (result instanceof Response) {
    const text = await result.text();
    let data: unknown = text;
    try {
      data = JSON.parse(text);
    } catch {
      // plain text body
    }
    return { status: result.status, headers: result.headers, location: result.headers.get("Location"), data };
  }
  if (isDataWithInit(result)) {
    const headers = new Headers(result.init?.headers);
    return { status: result.init?.status ?? 200, headers, location: headers.get("Location"), data: result.data };
  }
  return { status: 200, headers: new Headers(), location: null, data: result };
}

/** One browser: keeps the session cookie between calls. */
export class TestBrowser {
  private cookies = new Map<string, string>();

  /** The Cookie header this browser sends. */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  private keepCookies(headers: Headers): void {
    for (const setCookie of headers.getSetCookie()) {
      const [pair] = setCookie.split(";");
      const index = pair!.indexOf("=");
      this.cookies.set(pair!.slice(0, index).trim(), pair!.slice(index + 1).trim());
    }
  }

  async call(
    routeFunction: RouteFunction,
    path: string,
    options: {
      params?: Record<string, string>;
      form?: Record<string, string | string[]>;
      body?: BodyInit;
      contentType?: string;
      headers?: Record<string, string>;
    } = {},
  ): Promise<RouteAnswer> {
    const headers = new Headers({ ...options.headers, Cookie: this.cookieHeader() });
    let body: BodyInit | undefined = options.body;
    if (options.form) {
      const form = new URLSearchParams();
      for (const [name, value] of Object.entries(options.form)) {
        for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
      }
      body = form.toString();
      headers.set("Content-Type", "application/x-www-form-urlencoded");
    }
    if (options.contentType) headers.set("Content-Type", options.contentType);
    const method = body === undefined ? "GET" : "POST";
    // duplex: a body may be a stream, sent as it is read (as a chunked post comes to the server).
    const request = new Request(new URL(path, testOrigin), { method, headers, body, duplex: "half" });
    let result: unknown;
    try {
      result = await routeFunction({ request, params: options.params ?? {}, context: {} });
    } catch (thrown) {
      result = thrown;
      if (!(thrown instanceof Response) && !isDataWithInit(thrown)) throw thrown;
    }
    const answer = await normalise(result);
    this.keepCookies(answer.headers);
    return answer;
  }
}

/**
 * Tables the migrations fill and no test may empty: the embedded provider's catalogue and
 * testimonials (migration 0002) and its sample promo codes (0004). The app never writes the
 * first three; promo codes count their redemptions, so a test that changes a code puts it
 * back itself (test/integration/promo.test.ts).
 */
export const seededTables = ["catalogue_categories", "catalogue_options", "testimonials", "promo_codes"] as const;

/** Every table the schema defines but the seeded ones: all that a test may have written to. */
export async function tablesToEmpty(): Promise<string[]> {
  const schema = await import("../../app/server/db/schema.server");
  const seeded: readonly string[] = seededTables;
  return (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => getTableName(table))
    .filter((name) => !seeded.includes(name))
    .sort();
}

/**
 * Empties every table a test may have written to: each test starts from a known database.
 * The tables come from the schema, so a new one is emptied without anyone remembering to.
 * The database is loaded here, not at the top: the custom matchers load this module in
 * every test file, unit tests included, which need no database.
 */
export async function resetDatabase(): Promise<void> {
  const { database } = await import("../../app/server/db/client.server");
  const db = await database();
  const tables = await tablesToEmpty();
  // Only the tables a test wrote to are truncated (a truncate costs a file swap per table,
  // empty or not: 80 ms a test on PostgreSQL for all of them), in one round trip; with
  // those that refer to them (cascade: an empty table's foreign key would refuse it). The audit
  // log refuses a truncate (its trigger); a test's reset is not the app, so the trigger is
  // set aside for it alone, in the same statement's transaction.
  await db.execute(
    sql.raw(`do $reset$
declare
  written text[] := array[]::text[];
  t text;
  found boolean;
begin
  foreach t in array array[${tables.map((name) => `'${name}'`).join(", ")}] loop
    execute format('select exists (select 1 from %I)', t) into found;
    if found then written := written || t; end if;
  end loop;
  if cardinality(written) > 0 then
    alter table audit_log disable trigger audit_log_no_truncate;
    execute 'truncate table ' || (select string_agg(format('%I', name), ', ') from unnest(written) as name) || ' restart identity cascade';
    alter table audit_log enable trigger audit_log_no_truncate;
  end if;
end
$reset$`),
  );
}

/** The path and query of a redirect's location. */
export function locationOf(answer: RouteAnswer): URL {
  if (!answer.location) throw new Error(`expected a redirect, got ${answer.status}`);
  return new URL(answer.location, testOrigin);
}

/**
 * The Set-Cookie line of a console cookie this answer sets, checked for what each carries: out
 * of scripts' reach, not sent with other sites' requests, only under /owner, for `maxAgeSeconds`.
 */
export function expectConsoleCookie(answer: RouteAnswer, name: string, maxAgeSeconds: number): string {
  const setCookie = answer.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`))!;
  expect(setCookie).toMatch(/; HttpOnly/i);
  expect(setCookie).toMatch(/; SameSite=Lax/i);
  expect(setCookie).toMatch(/; Path=\/owner(;|$)/);
  expect(setCookie).toMatch(new RegExp(`; Max-Age=${maxAgeSeconds}`));
  return setCookie;
}

/** The value of a cookie this browser holds, if any. */
export function cookieOf(answer: RouteAnswer, name: string): string | undefined {
  const setCookie = answer.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
  return setCookie?.split(";")[0]!.slice(name.length + 1);
}
