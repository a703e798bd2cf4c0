// The audit log page and its CSV: newest first, 50 a page; each filter (person, action, an
// order reference typed loosely, days both included); bad filters refused with a message;
// owners only; every CSV download written in the log once; and the database itself refusing
// to change or empty the log.
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditDetail } from "../../app/funnel/audit";
import * as auditCsv from "../../app/routes/owner.audit[.]csv";
import * as auditPage from "../../app/routes/owner.audit/route";
import * as funnelCsv from "../../app/routes/owner.funnel[.]csv";
import * as ordersCsv from "../../app/routes/owner.orders[.]csv";
import { database } from "../../app/server/db/client.server";
import { appendAudit, auditRows, type NewAuditRow } from "../../app/server/db/stores/audit-log.server";
import type { StaffMemberRow } from "../../app/server/db/stores/staff-members.server";
import { resetDatabase, TestBrowser, type RouteAnswer } from "../support/route-harness";
import { aPerson, signedInAs, signedInOwner } from "../support/staff";
import { parseCsv } from "../support/csv";

beforeEach(async () => {
  await resetDatabase();
});

/** A row of the log, by `person` (or the server's own actors), at an instant of our choosing. */
function logged(
  person: Pick<StaffMemberRow, "id" | "name" | "role"> | { id: null; name: string; role: null },
  at: string,
  extra: Partial<NewAuditRow> = {},
) {
  return appendAudit({
    staffId: person.id,
    staffName: person.name,
    staffRole: person.role,
    addressHash: "abcdef0123456789",
    action: "details-viewed",
    at: new Date(at),
    ...extra,
  });
}

const unknownEmail = { id: null, name: "Unknown email", role: null } as const;

function pageOf(browser: TestBrowser, query = "") {
  return browser.call(auditPage.loader, `/owner/audit${query}`);
}

function csvOf(browser: TestBrowser, query = "") {
  return browser.call(auditCsv.loader, `/owner/audit.csv${query}`);
}

/** The lines of a page as [who, action] pairs, in the page's order. */
const whoDidWhat = (answer: RouteAnswer) => answer.data.log.lines.map((line: { who: string; action: string }) => [line.who, line.action]);

async function exportsLogged(): Promise<{ name: string; detail: string | null }[]> {
  return (await auditRows({ action: "csv-exported" }, 100)).map((row) => ({ name: row.staffName, detail: row.detail }));
}

describe("the audit log page", () => {
  it("lists the log newest first, 50 a page, and its pages keep the filters", async () => {
    const owner = await signedInOwner();
    const support = await aPerson("support", { name: "Sam Support" });
    for (let i = 0; i < 120; i++) {
      await logged(support, new Date(Date.UTC(2024, 0, 1, 9, i)).toISOString(), {
        orderReference: "MC-7KQ2-94XD",
        detail: auditDetail`view ${i}`,
      });
    }
    const first = await pageOf(owner, "?action=details-viewed");
    expect(first).toHaveStatus(200);
    expect(first.data.log).toMatchObject({ total: 120, page: 1, pageCount: 3 });
    expect(first.data.log.lines).toHaveLength(50);
    expect(first.data.log.lines[0]).toEqual({
      id: expect.any(Number),
      at: "2024-01-01T10:59:00.000Z",
      who: "Sam Support",
      role: "Support",
      action: "Her details viewed",
      reference: "MC-7KQ2-94XD",
      detail: "view 119",
      address: "abcdef0123456789",
    });
    const times = first.data.log.lines.map((line: { at: string }) => line.at);
    expect(times).toEqual([...times].sort().reverse());
    // The pages and the CSV carry the filter.
    expect(first.data.search).toBe("?action=details-viewed");

    const last = await pageOf(owner, "?action=details-viewed&page=3");
    expect(last.data.log.lines).toHaveLength(20);
    expect(last.data.log.lines.at(-1)).toMatchObject({ at: "2024-01-01T09:00:00.000Z", detail: "view 0" });
    expect(await pageOf(owner, "?action=details-viewed&page=9")).toRedirectTo("/owner/audit?action=details-viewed&page=3");
    expect((await pageOf(owner, "?action=details-viewed&page=-2")).data.log.page).toBe(1);

    // Unfiltered, the owner's own sign-in is the newest entry.
    expect(whoDidWhat(await pageOf(owner))[0]).toEqual(["Owner", "Signed in"]);
  });

  it("filters by person: only that person's entries, never the rows of no one", async () => {
    const owner = await signedInOwner();
    const sam = await aPerson("support", { name: "Sam Support" });
    const cleo = await aPerson("clinician", { name: "Cleo Clinician" });
    await logged(sam, "2024-05-01T10:00:00Z");
    await logged(cleo, "2024-05-01T11:00:00Z", { action: "approved", orderReference: "MC-7KQ2-94XD" });
    await logged(unknownEmail, "2024-05-01T12:00:00Z", { action: "sign-in-failed" });
    await logged(sam, "2024-05-01T13:00:00Z", { action: "link-sent-again" });

    const page = await pageOf(owner, `?person=${sam.id}`);
    expect(whoDidWhat(page)).toEqual([
      ["Sam Support", "Link sent again"],
      ["Sam Support", "Her details viewed"],
    ]);
    // Everyone ever on the staff is offered, by name.
    expect(page.data.people).toEqual(
      expect.arrayContaining([
        [sam.id, "Sam Support"],
        [cleo.id, "Cleo Clinician"],
      ]),
    );
    expect(page.data.typed.person).toBe(sam.id);

    expect(whoDidWhat(await pageOf(owner, `?person=${cleo.id.toUpperCase()}`))).toEqual([["Cleo Clinician", "Approved"]]);
    // Unfiltered, the stranger's failed sign-in is there.
    expect(whoDidWhat(await pageOf(owner, "?from=2024-05-01&to=2024-05-01"))).toContainEqual(["Unknown email", "Sign-in failed"]);

    const wrong = await pageOf(owner, "?person=Sam");
    expect(wrong).toHaveStatus(400);
    expect(wrong.data.errors).toEqual({ person: ["Choose one of the listed people."] });
    expect(wrong.data.log).toBeNull();
  });

  it("filters by action", async () => {
    const owner = await signedInOwner();
    const sam = await aPerson("support", { name: "Sam Support" });
    await logged(sam, "2024-05-01T10:00:00Z", {
      action: "cancelled-for-her",
      orderReference: "MC-7KQ2-94XD",
      detail: auditDetail`She asked by phone`,
    });
    await logged(sam, "2024-05-01T11:00:00Z", { action: "emails-viewed" });

    const page = await pageOf(owner, "?action=cancelled-for-her");
    expect(page.data.log.lines).toEqual([
      expect.objectContaining({ who: "Sam Support", action: "Canceled for her", detail: "She asked by phone" }),
    ]);

    const wrong = await pageOf(owner, "?action=deleted-everything");
    expect(wrong).toHaveStatus(400);
    expect(wrong.data.errors).toEqual({ action: ["Choose one of the listed actions."] });
  });

  it("filters by an order reference typed as she says it", async () => {
    const owner = await signedInOwner();
    const sam = await aPerson("support", { name: "Sam Support" });
    await logged(sam, "2024-05-01T10:00:00Z", { orderReference: "MC-7KQ2-94XD" });
    await logged(sam, "2024-05-01T11:00:00Z", { orderReference: "MC-2222-3333" });

    for (const typed of ["MC-7KQ2-94XD", " mc 7kq2 94xd ", "7kq294xd"]) {
      const page = await pageOf(owner, `?reference=${encodeURIComponent(typed)}`);
      expect(
        page.data.log.lines.map((line: { reference: string }) => line.reference),
        typed,
      ).toEqual(["MC-7KQ2-94XD"]);
      // The field shows the reference as it is written.
      expect(page.data.typed.reference).toBe("MC-7KQ2-94XD");
    }

    const wrong = await pageOf(owner, "?reference=hello");
    expect(wrong).toHaveStatus(400);
    expect(wrong.data.errors).toEqual({ reference: ["Enter an order reference as it is written, for example MC-7KQ2-94XD."] });
    expect(wrong.data.typed.reference).toBe("hello");
  });

  it("filters by days, both included, in UTC", async () => {
    const owner = await signedInOwner();
    const sam = await aPerson("support", { name: "Sam Support" });
    await logged(sam, "2024-02-29T23:59:59.999Z", { detail: auditDetail`before` });
    await logged(sam, "2024-03-01T00:00:00.000Z", { detail: auditDetail`first moment` });
    await logged(sam, "2024-03-02T23:59:59.999Z", { detail: auditDetail`last moment` });
    await logged(sam, "2024-03-03T00:00:00.000Z", { detail: auditDetail`after` });
    const details = (answer: RouteAnswer) => answer.data.log.lines.map((line: { detail: string }) => line.detail);

    expect(details(await pageOf(owner, "?from=2024-03-01&to=2024-03-02"))).toEqual(["last moment", "first moment"]);
    expect(details(await pageOf(owner, "?from=2024-03-02&to=2024-03-02"))).toEqual(["last moment"]);
    expect(details(await pageOf(owner, "?to=2024-03-01"))).toEqual(["first moment", "before"]);
    expect(details(await pageOf(owner, `?person=${sam.id}&from=2024-03-03`))).toEqual(["after"]);
    expect((await pageOf(owner, "?from=2023-01-01&to=2023-12-31")).data.log).toMatchObject({ total: 0, lines: [] });
  });

  it("refuses a date it cannot read with 400 and says why beside the field", async () => {
    const owner = await signedInOwner();
    const cases = [
      ["?from=2024-02-30", { from: ["Enter the start date as a date, for example 2026-10-24."] }],
      ["?to=yesterday", { to: ["Enter the end date as a date, for example 2026-11-22."] }],
      ["?from=1999-12-31", { from: ["Enter a date in the years 2000 to 2100."] }],
      ["?to=9999-01-01", { to: ["Enter a date in the years 2000 to 2100."] }],
      ["?from=2024-03-02&to=2024-03-01", { to: ["The start date must be on or before the end date."] }],
    ] as const;
    for (const [query, errors] of cases) {
      const answer = await pageOf(owner, query);
      expect(answer, query).toHaveStatus(400);
      expect(answer.data.errors, query).toEqual(errors);
      expect(answer.data.log).toBeNull();
      // The CSV refuses it the same way, in plain text, and exports nothing.
      const csv = await csvOf(owner, query);
      expect(csv).toHaveStatus(400);
      expect(csv.data).toBe(`${Object.values(errors).flat().join("\n")}\n`);
    }
    // A value of any length is cut before it is read.
    expect(await pageOf(owner, `?from=${"9".repeat(5000)}`)).toHaveStatus(400);
    expect(await exportsLogged()).toEqual([]);
  });
});

describe("who may read the log", () => {
  it("refuses support and clinician, the page and the CSV alike, with 403", async () => {
    for (const role of ["support", "clinician"] as const) {
      const { browser } = await signedInAs(role);
      const page = await pageOf(browser);
      expect(page, role).toHaveStatus(403);
      expect(page.data.message).toBe("Your role does not open this page. Nothing was done.");
      expect(await csvOf(browser), role).toHaveStatus(403);
    }
    expect(await exportsLogged()).toEqual([]);
    // Someone not signed in is sent to sign in.
    expect(await pageOf(new TestBrowser())).toRedirectTo("/owner");
    expect(await csvOf(new TestBrowser())).toRedirectTo("/owner");
  });
});

describe("the audit log's CSV", () => {
  it("holds the filtered rows, newest first, with a typed name kept as text", async () => {
    const owner = await signedInOwner();
    const hostile = '=HYPERLINK("http://evil.example/?x=1","Click, me")';
    const mallory = await aPerson("support", { name: hostile });
    const sam = await aPerson("support", { name: "Sam Support" });
    await logged(mallory, "2024-05-01T10:00:00Z", {
      action: "cancelled-for-her",
      orderReference: "MC-7KQ2-94XD",
      detail: auditDetail`+SUM(1,2)`,
    });
    await logged(mallory, "2024-05-01T11:00:00Z", { action: "emails-viewed" });
    await logged(sam, "2024-05-01T12:00:00Z");

    const answer = await csvOf(owner, `?person=${mallory.id}`);
    expect(answer).toHaveStatus(200);
    expect(answer.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("Content-Disposition")).toBe('attachment; filename="audit-log.csv"');
    expect(parseCsv(answer.data)).toEqual([
      ["When (UTC)", "Who", "Role", "Action", "Order", "Detail", "Address"],
      ["2024-05-01T11:00:00.000Z", `'${hostile}`, "Support", "Her emails viewed", "", "", "abcdef0123456789"],
      ["2024-05-01T10:00:00.000Z", `'${hostile}`, "Support", "Canceled for her", "MC-7KQ2-94XD", "'+SUM(1,2)", "abcdef0123456789"],
    ]);

    const dated = await csvOf(owner, "?from=2024-05-01&to=2024-05-01&action=details-viewed");
    expect(dated.headers.get("Content-Disposition")).toBe('attachment; filename="audit-log-2024-05-01-to-2024-05-01.csv"');
    expect(
      parseCsv(dated.data)
        .slice(1)
        .map((row) => row[1]),
    ).toEqual(["Sam Support"]);
  });

  it("is linked from the page with the page's filters", async () => {
    const owner = await signedInOwner();
    const page = await pageOf(owner, "?action=signed-in&reference=");
    expect(page.data.search).toBe("?action=signed-in");
    const csv = parseCsv((await csvOf(owner, page.data.search)).data);
    expect(csv.slice(1).map((row) => [row[1], row[3]])).toEqual([["Owner", "Signed in"]]);
  });
});

describe("every CSV download is written in the log", () => {
  it("writes one row for each download of the audit, funnel and orders CSVs, by who took it", async () => {
    const owner = await signedInOwner();
    expect(await csvOf(owner)).toHaveStatus(200);
    expect(await exportsLogged()).toEqual([{ name: "Owner", detail: "Audit CSV" }]);

    expect(await owner.call(funnelCsv.loader, "/owner/funnel.csv")).toHaveStatus(200);
    expect(await owner.call(ordersCsv.loader, "/owner/orders.csv")).toHaveStatus(200);
    expect(await owner.call(ordersCsv.loader, "/owner/orders.csv?from=2024-01-01&to=2024-01-31")).toHaveStatus(200);
    expect(await exportsLogged()).toEqual([
      { name: "Owner", detail: "Orders CSV" },
      { name: "Owner", detail: "Orders CSV" },
      { name: "Owner", detail: "Funnel CSV" },
      { name: "Owner", detail: "Audit CSV" },
    ]);
    const [latest] = await auditRows({ action: "csv-exported" }, 1);
    expect(latest).toMatchObject({ staffRole: "owner", orderReference: null });

    // A refused download exports nothing and so writes nothing.
    expect(await owner.call(funnelCsv.loader, "/owner/funnel.csv?from=tomorrow")).toHaveStatus(400);
    expect(await owner.call(ordersCsv.loader, "/owner/orders.csv?from=tomorrow")).toHaveStatus(400);
    expect(await exportsLogged()).toHaveLength(4);
  });
});

describe("the database keeps the log append-only", () => {
  /** What the database said when it refused: drizzle puts the engine's own error in `cause`. */
  async function refusal(statement: Promise<unknown>): Promise<string> {
    try {
      await statement;
    } catch (error) {
      const { message, cause } = error as Error & { cause?: Error };
      return `${message} ${cause?.message ?? ""}`;
    }
    throw new Error("the database accepted the statement");
  }

  it("refuses an update, a delete and a truncate, and the rows are still there", async () => {
    const sam = await aPerson("support", { name: "Sam Support" });
    await logged(sam, "2024-05-01T10:00:00Z", { detail: auditDetail`first` });
    await logged(sam, "2024-05-01T11:00:00Z", { detail: auditDetail`second` });
    const before = await auditRows({}, 100);
    expect(before).toHaveLength(2);
    const db = await database();

    expect(await refusal(db.execute(sql`update audit_log set detail = 'rewritten'`))).toMatch(/append-only: UPDATE refused/);
    expect(await refusal(db.execute(sql`update audit_log set staff_name = 'Someone else' where detail = 'first'`))).toMatch(/append-only/);
    expect(await refusal(db.execute(sql`delete from audit_log where detail = 'second'`))).toMatch(/append-only: DELETE refused/);
    expect(await refusal(db.execute(sql`truncate table audit_log`))).toMatch(/append-only: TRUNCATE refused/);

    expect(await auditRows({}, 100)).toEqual(before);
    // Adding is still allowed: that is all the log does.
    await logged(sam, "2024-05-01T12:00:00Z", { detail: auditDetail`third` });
    expect(await auditRows({}, 100)).toHaveLength(3);
  });
});
