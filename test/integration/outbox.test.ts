// The outbox: a provider that is down never stops the visitor and loses nothing; once it is
// back every message is delivered, once per idempotency key.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as concerns from "../../app/routes/concerns.($responderUuid)";
import * as socialProof from "../../app/routes/social-proof.($responderUuid)/route";
import * as welcome from "../../app/routes/welcome";
import { database } from "../../app/server/db/client.server";
import { embeddedProviderReceipts, outboxMessages } from "../../app/server/db/schema.server";
import { countPendingOutboxMessages } from "../../app/server/db/stores/outbox.server";
import { deliverDueOutboxMessages } from "../../app/server/outbox/delivery.server";
import { embeddedProvider } from "../../app/server/provider/embedded.server";
import { httpProvider } from "../../app/server/provider/http.server";
import { providerBaseUrl, providerPaths, salesPath, useProviderStandIn } from "../mocks/provider";
import { aPerson } from "../support/factories";
import { locationOf, resetDatabase, TestBrowser } from "../support/route-harness";

const standIn = useProviderStandIn();
const provider = httpProvider({ baseUrl: providerBaseUrl, token: "secret-token", ...providerPaths, timeoutMs: 2_000 });
const { email } = aPerson();

beforeEach(async () => {
  await resetDatabase();
});

/** Walks one visitor through the questionnaire: three steps, three messages. */
async function completeQuestionnaire(email: string) {
  const browser = new TestBrowser();
  const answer = await browser.call(welcome.action, "/welcome?utm_source=x", { form: { reason: "nothing_else_has_helped" } });
  const responderUuid = locationOf(answer).pathname.split("/").pop()!;
  const steps = [
    answer,
    await browser.call(concerns.action, `/concerns/${responderUuid}`, {
      params: { responderUuid },
      form: { concern: "ive_heard_its_not_safe" },
    }),
    await browser.call(socialProof.action, `/social-proof/${responderUuid}`, { params: { responderUuid }, form: { email } }),
  ];
  return { responderUuid, steps };
}

/** Makes every pending message due now, as if its backoff had passed. */
async function fastForward() {
  await (await database()).update(outboxMessages).set({ nextAttemptAt: new Date(0) });
}

describe("outbox with the HTTP provider", () => {
  it("lets the visitor through while the provider answers 500, and keeps every message pending", async () => {
    standIn.mode = "failing";
    const { steps } = await completeQuestionnaire(email);
    expect(steps.map((s) => s.status)).toEqual([303, 303, 303]);
    expect(locationOf(steps[2]!).pathname).toMatch(/^\/checkout\//);

    const round = await deliverDueOutboxMessages(provider);
    expect(round).toEqual({ delivered: 0, failed: 3 });
    const rows = await (await database()).select().from(outboxMessages);
    expect(rows.every((row) => row.status === "pending" && row.attempts === 1)).toBe(true);
    expect(rows.every((row) => row.nextAttemptAt.getTime() > Date.now())).toBe(true);
    expect(rows[0]!.lastError).toBe(`POST ${salesPath} answered 500`);
    // Not due yet: a second round right away tries nothing.
    expect(await deliverDueOutboxMessages(provider)).toEqual({ delivered: 0, failed: 0 });
  });

  it("keeps messages when the connection is refused, and delivers each once when it is back", async () => {
    standIn.mode = "refusing";
    const { responderUuid } = await completeQuestionnaire(email);
    expect(await deliverDueOutboxMessages(provider)).toEqual({ delivered: 0, failed: 3 });
    expect(await countPendingOutboxMessages()).toBe(3);

    standIn.mode = "up";
    await fastForward();
    expect(await deliverDueOutboxMessages(provider)).toEqual({ delivered: 3, failed: 0 });
    expect(await countPendingOutboxMessages()).toBe(0);
    await fastForward();
    expect(await deliverDueOutboxMessages(provider)).toEqual({ delivered: 0, failed: 0 });

    expect(standIn.requests).toHaveLength(3);
    expect(new Set(standIn.requests.map((r) => r.idempotencyKey)).size).toBe(3);
    expect(standIn.requests.every((r) => r.authorization === "Bearer secret-token")).toBe(true);
    expect(standIn.requests.map((r) => r.body.current_step_id)).toEqual(["welcome", "concerns", "social-proof"]);
    expect(standIn.requests[2]!.body).toMatchObject({
      responder_uuid: responderUuid,
      reason_you_are_here_today: ["nothing_else_has_helped"],
      concerns_about_hrt: ["ive_heard_its_not_safe"],
      email_address: email,
      utm_source: "x",
    });
  });

  it("sends the same idempotency key on every retry of a message", async () => {
    standIn.mode = "failing";
    await completeQuestionnaire(email);
    await deliverDueOutboxMessages(provider);
    standIn.mode = "up";
    await fastForward();
    await deliverDueOutboxMessages(provider);
    const keysTried = standIn.requests.map((r) => r.idempotencyKey);
    expect(keysTried).toHaveLength(6);
    expect(keysTried.slice(3)).toEqual(keysTried.slice(0, 3));
    expect(standIn.accepted.size).toBe(3);
  });

  it("delivers each message once even when two workers run at the same time", async () => {
    await completeQuestionnaire("a@example.org");
    await completeQuestionnaire("b@example.org");
    const rounds = await Promise.all([deliverDueOutboxMessages(provider, 4), deliverDueOutboxMessages(provider, 4)]);
    const delivered = rounds.reduce((sum, r) => sum + r.delivered, 0);
    await fastForward();
    const rest = await deliverDueOutboxMessages(provider);
    expect(delivered + rest.delivered).toBe(6);
    expect(standIn.requests).toHaveLength(6);
  });
});

describe("outbox with the embedded provider", () => {
  it("delivers the funnel record into the embedded provider's own records, once", async () => {
    const { responderUuid } = await completeQuestionnaire(email);
    const embedded = embeddedProvider(await database());
    expect(await deliverDueOutboxMessages(embedded)).toEqual({ delivered: 3, failed: 0 });
    // A message delivered again (at least once) is kept once.
    const [row] = await (await database()).select().from(outboxMessages).where(eq(outboxMessages.id, 3));
    await embedded.postSalesFunnelRecord(row!.payload as never, row!.idempotencyKey);
    const receipts = await (
      await database()
    )
      .select()
      .from(embeddedProviderReceipts)
      .where(eq(embeddedProviderReceipts.responderUuid, responderUuid));
    expect(receipts).toHaveLength(3);
    expect(receipts.at(-1)!.body).toMatchObject({ current_step_id: "social-proof", email_address: email });
  });
});
