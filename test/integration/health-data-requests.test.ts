// Her consumer health data asked for by email on the policy's page, by anyone: the page answers
// the same for any address, a link goes only where we hold data, the link shows every visit and
// order of that email and deletes them all, once, and each request is kept without her data.
import { asc, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as concerns from "../../app/routes/concerns.($responderUuid)";
import * as dataPage from "../../app/routes/health-data-privacy.$token/route";
import * as policy from "../../app/routes/health-data-privacy._index/route";
import * as socialProof from "../../app/routes/social-proof.($responderUuid)/route";
import * as welcome from "../../app/routes/welcome";
import { database } from "../../app/server/db/client.server";
import { consentRecords, healthDataRequests, storedEmails, subscriptionPayments } from "../../app/server/db/schema.server";
import { findFunnelRecord } from "../../app/server/db/stores/funnel-records.server";
import { findOrder } from "../../app/server/db/stores/orders.server";
import { askForHealthData } from "../../app/server/health-data/health-data-requests.server";
import { runPrunes } from "../../app/server/workers/prunes.server";
import { locationOf, resetDatabase, TestBrowser } from "../support/route-harness";
import { deliverAll, paidAs, reload } from "../support/subscriptions";

beforeEach(async () => {
  await resetDatabase();
});

const herEmail = "rosa.health@example.org";
const herLastName = "Quintanilla";

/** A visit that only answered the questionnaire, leaving her email on the social proof page. */
async function answeredOnly(email: string): Promise<string> {
  const browser = new TestBrowser();
  const welcomed = await browser.call(welcome.action, "/welcome", { form: { reason: "nothing_else_has_helped" } });
  const responderUuid = locationOf(welcomed).pathname.split("/").pop()!;
  const params = { responderUuid };
  await browser.call(concerns.action, `/concerns/${responderUuid}`, { params, form: { concern: "im_worried_about_the_cost" } });
  expect(await browser.call(socialProof.action, `/social-proof/${responderUuid}`, { params, form: { email } })).toHaveStatus(303);
  return responderUuid;
}

function ask(email: string, query = "", browser = new TestBrowser()) {
  return browser.call(policy.action, `/health-data-privacy${query}`, { form: { email } });
}

/** The links emailed so far, oldest first, with the address each went to. */
async function linksSent(): Promise<{ to: string; token: string; subject: string; text: string }[]> {
  await deliverAll();
  const rows = await (
    await database()
  )
    .select()
    .from(storedEmails)
    .where(eq(storedEmails.kind, "health_data_link"))
    .orderBy(asc(storedEmails.id));
  return rows.map((row) => ({
    to: row.toAddress,
    token: /\/health-data-privacy\/([A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43})/.exec(row.text)![1]!,
    subject: row.subject,
    text: row.text,
  }));
}

function openLink(token: string, query = "") {
  return new TestBrowser().call(dataPage.loader, `/health-data-privacy/${token}${query}`, { params: { token } });
}

function pressDelete(token: string, form: Record<string, string> = { confirm: "on" }) {
  return new TestBrowser().call(dataPage.action, `/health-data-privacy/${token}`, { params: { token }, form });
}

async function requests() {
  return (await database()).select().from(healthDataRequests).orderBy(asc(healthDataRequests.askedAt), asc(healthDataRequests.kind));
}

/** Our tables whose rows, read as text, still hold `pattern` anywhere. */
async function tablesHolding(pattern: RegExp): Promise<string[]> {
  const db = await database();
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- either engine's result type is opaque: its rows are asserted, not inferred
  const tables = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`,
  )) as unknown as { rows: { table_name: string }[] };
  const holding: string[] = [];
  for (const { table_name: table } of tables.rows) {
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- as above
    const found = (await db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)} as row where row::text ~* ${pattern.source}`,
    )) as unknown as { rows: { n: number }[] };
    if (Number(found.rows[0]!.n) > 0) holding.push(table);
  }
  return holding;
}

describe("asking for her health data by email", () => {
  it("answers an unknown address exactly as a known one, and sends a link only to the known one", async () => {
    await paidAs({ email: herEmail });
    const known = await ask(herEmail.toUpperCase());
    const unknown = await ask("nobody.here@example.org");
    expect(known).toHaveStatus(200);
    expect(unknown).toHaveStatus(200);
    expect(known.data).toEqual({ lastResult: null, sentTo: "r•••@example.org" });
    expect(unknown.data).toEqual({ lastResult: null, sentTo: "n•••@example.org" });
    expect(known.headers.get("Cache-Control")).toBe(unknown.headers.get("Cache-Control"));

    const sent = await linksSent();
    expect(sent.map((link) => link.to)).toEqual([herEmail]);
    expect(sent[0]!.subject).toBe("Your health data");
    expect(sent[0]!.text).toContain("The link works for 24 hours.");

    // Both kept, neither with the address: only a keyed hash, one per address.
    const kept = await requests();
    expect(kept.map((row) => [row.kind, row.outcome])).toEqual(
      expect.arrayContaining([
        ["access", "link_sent"],
        ["access", "nothing_held"],
      ]),
    );
    expect(kept).toHaveLength(2);
    expect(new Set(kept.map((row) => row.emailHash)).size).toBe(2);
    expect(JSON.stringify(kept)).not.toMatch(/example\.org|rosa|nobody/i);
  });

  it("refuses a bad address with the form's message, in the page's language, and records nothing", async () => {
    const bad = await ask("not an email");
    expect(bad).toHaveStatus(400);
    expect(bad.data.lastResult.error.email).toEqual(["Enter your email address, like name@example.com"]);
    const spanish = await ask("", "?lang=es");
    expect(spanish).toHaveStatus(400);
    expect(spanish.data.lastResult.error.email).toEqual(["Ingrese su correo electrónico, por ejemplo, nombre@example.com"]);
    expect(await requests()).toHaveLength(0);
  });

  it("is rate limited per email: five an hour, then a 429 with Retry-After; another email still asks", async () => {
    await answeredOnly(herEmail);
    for (let i = 0; i < 5; i++) expect(await ask(herEmail)).toHaveStatus(200);
    const refused = await ask(herEmail);
    expect(refused).toHaveStatus(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(refused.data.lastResult.error[""]).toEqual([
      expect.stringMatching(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/),
    ]);
    expect(await ask("someone.else@example.org")).toHaveStatus(200);
    expect(await linksSent()).toHaveLength(5);
    expect(await requests()).toHaveLength(6);
  });

  it("sends the link in the language she asked in, and its page and refusals speak it", async () => {
    await answeredOnly(herEmail);
    await ask(herEmail, "?lang=es");
    const [link] = await linksSent();
    expect(link!.subject).toBe("Sus datos de salud");
    expect(link!.text).toContain(`/health-data-privacy/${link!.token}?lang=es`);
    const refused = await openLink(`${link!.token.slice(0, -2)}AA`, "?lang=es");
    expect(refused).toHaveStatus(404);
    expect(refused.data.message).toBe("Este enlace no abre ningún dato. Compruebe que copió el enlace completo, o solicite uno nuevo.");
    expect(refused.data.returnTo).toBe("/health-data-privacy?lang=es#health-data-request");
  });
});

describe("the link", () => {
  it("shows every visit and order of her email, then deletes them all once, keeping what the law asks", async () => {
    const visit = await answeredOnly(herEmail);
    const subscription = await paidAs({ email: herEmail, lastName: herLastName });
    await deliverAll();
    expect(await tablesHolding(/rosa\.health@example\.org/)).toEqual(
      expect.arrayContaining(["funnel_records", "pre_checkout_details", "orders"]),
    );
    const consentsBefore = await (await database()).select().from(consentRecords);
    const paymentsBefore = await (await database()).select().from(subscriptionPayments);

    await ask(herEmail);
    const { token } = (await linksSent())[0]!;
    const shown = await openLink(token);
    expect(shown).toHaveStatus(200);
    expect(shown.headers.get("Cache-Control")).toBe("no-store");
    expect(shown.headers.get("Referrer-Policy")).toBe("no-referrer");
    const flows = shown.data.flows as { reference: string | null; file: string }[];
    expect(flows.map((flow) => flow.reference).sort()).toEqual([null, subscription.reference].sort());
    const order = flows.find((flow) => flow.reference !== null)!;
    const answered = flows.find((flow) => flow.reference === null)!;
    expect(JSON.parse(order.file)).toMatchObject({
      yourDetails: { email: herEmail, lastName: herLastName },
      yourPlan: { plan: "Monthly" },
    });
    expect(JSON.parse(answered.file)).toMatchObject({
      yourAnswers: { yourConcernsAboutHrt: [{ code: "im_worried_about_the_cost" }], emailYouGaveOnTheWay: herEmail },
    });

    // The box must be checked: nothing is deleted without it.
    const unconfirmed = await pressDelete(token, {});
    expect(unconfirmed).toHaveStatus(400);
    expect(unconfirmed.data.lastResult.error.confirm).toEqual(["Check the box to confirm that you want your data deleted"]);
    expect((await findFunnelRecord(visit))?.emailAddress).toBe(herEmail);

    const deleted = await pressDelete(token);
    expect(deleted).toHaveStatus(303);
    expect(deleted.location).toBe("/health-data-privacy?deleted=1");

    // Both flows erased: no trace of her email or name anywhere; her hold released, her plan ended.
    expect(await tablesHolding(/rosa(\.|%2E)health(@|%40)example\.org/)).toEqual([]);
    expect(await tablesHolding(new RegExp(herLastName))).toEqual([]);
    expect(await findFunnelRecord(visit)).toMatchObject({ emailAddress: null, concernsAboutHrt: [] });
    expect((await findOrder(subscription.responderUuid))?.body).toMatchObject({ customer: { email: "", lastName: "" } });
    const ended = await reload(subscription);
    expect(ended.erasedAt).not.toBeNull();
    expect(ended.state).toBe("cancelled");
    // The records the law makes us keep stay.
    expect(await (await database()).select().from(consentRecords)).toEqual(consentsBefore);
    expect((await (await database()).select().from(subscriptionPayments)).length).toBeGreaterThanOrEqual(paymentsBefore.length);

    // Once: the link opens no more, and a second press gets the first's answer and deletes nothing more.
    const again = await openLink(token);
    expect(again).toHaveStatus(410);
    expect(again.data.message).toBe("This link has already been used to delete your data. If you need anything else, ask for a new link.");
    const second = await pressDelete(token);
    expect(second).toHaveStatus(303);

    const kept = await requests();
    expect(kept.map((row) => [row.kind, row.outcome])).toEqual([
      ["access", "data_shown"],
      ["deletion", "erased"],
    ]);
    expect(kept[1]!.fromRequest).toBe(kept[0]!.id);
    expect(kept[1]!.emailHash).toBe(kept[0]!.emailHash);
    expect(kept[0]!.flows).toEqual([]);

    // Asked again now: nothing is held, so nothing is sent.
    expect(await ask(herEmail)).toHaveStatus(200);
    expect(await linksSent()).toHaveLength(0);
    expect((await requests()).at(-1)).toMatchObject({ kind: "access", outcome: "nothing_held" });
  });

  it("stops opening after 24 hours, and a token we did not sign opens nothing", async () => {
    await answeredOnly(herEmail);
    await askForHealthData(herEmail, "en", new Date(Date.now() - 25 * 3_600_000));
    const { token } = (await linksSent())[0]!;
    const expired = await openLink(token);
    expect(expired).toHaveStatus(410);
    expect(expired.data.message).toBe("This link has expired. Ask for a new one.");
    expect(await pressDelete(token)).toHaveStatus(410);
    expect(await openLink("not-a-token")).toHaveStatus(404);
  });

  it("keeps each request 24 months, then the prune removes it", async () => {
    await ask("nobody.here@example.org");
    expect(await requests()).toHaveLength(1);
    await runPrunes(new Date(Date.now() + 23 * 31 * 86_400_000));
    expect(await requests()).toHaveLength(1);
    await runPrunes(new Date(Date.now() + 25 * 31 * 86_400_000));
    expect(await requests()).toHaveLength(0);
  });
});
