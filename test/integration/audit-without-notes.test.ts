// What the team types about her never reaches the audit log, which is kept for good (its
// trigger refuses every change) and outlives her erasure. Each note is kept where it belongs:
// support's note with the cancel for her, the owner's with the refund, the clinician's with the
// disqualification or the decision. The log names the action and a label. Support's note goes
// with her data when she has it erased; and the notes migration 0024 found in the log moved to
// her subscription (or went, for her data erased), leaving the label.
import { readFileSync } from "node:fs";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as orderPage from "../../app/routes/owner.orders.$reference/route";
import * as reviewPage from "../../app/routes/owner.reviews.$reference/route";
import type { AuditDetail } from "../../app/funnel/audit";
import { database } from "../../app/server/db/client.server";
import { auditLog, subscriptionPayments, subscriptions } from "../../app/server/db/schema.server";
import { appendAudit } from "../../app/server/db/stores/audit-log.server";
import type { SubscriptionRow } from "../../app/server/db/stores/subscriptions.server";
import { sandboxGateway } from "../../app/server/payments/sandbox.server";
import { eraseHerData } from "../../app/server/subscriptions/her-erasure.server";
import { decideReview } from "../../app/server/subscriptions/review.server";
import { resetDatabase, type TestBrowser } from "../support/route-harness";
import { signedInAs, signedInOwner } from "../support/staff";
import { heldSubscription, paymentsOf, reload } from "../support/subscriptions";

beforeEach(async () => {
  await resetDatabase();
});

const postOrder = (browser: TestBrowser, reference: string, form: Record<string, string>) =>
  browser.call(orderPage.action, `/owner/orders/${reference}`, { params: { reference }, form });
const openOrder = (browser: TestBrowser, reference: string) =>
  browser.call(orderPage.loader, `/owner/orders/${reference}`, { params: { reference } });
const postView = (browser: TestBrowser, reference: string, form: Record<string, string>) =>
  browser.call(reviewPage.action, `/owner/reviews/${reference}`, { params: { reference }, form });

async function wholeLog() {
  return (await database()).select().from(auditLog).orderBy(asc(auditLog.id));
}

/** The log's rows of this order, as [action, detail]. */
async function logOf(subscription: SubscriptionRow) {
  return (await wholeLog())
    .filter((row) => row.orderReference === subscription.reference && !row.action.endsWith("-viewed"))
    .map((row) => [row.action, row.detail]);
}

/** A $139.00 order approved and captured on the sandbox. */
async function capturedOrder(): Promise<SubscriptionRow> {
  const held = await heldSubscription({ amountCents: 13_900 });
  await decideReview(sandboxGateway(), held, "approved", null, "owner");
  return reload(held);
}

describe("the notes the team types", () => {
  it("stay with what they are about, and the log keeps the action and its label only", async () => {
    const notes = {
      cancel: "She moved to Lisbon after her divorce; call her sister at 555-0148",
      refund: "Charged twice: her bank in Lisbon flagged the second one",
      decision: "Migraine with aura: estrogen is not advised",
      disqualified: "History of clotting disorder found on her second call",
    };
    const { browser: support } = await signedInAs("support");
    const owner = await signedInOwner();
    const { browser: clinician } = await signedInAs("clinician");

    const cancelled = await heldSubscription();
    expect(await postOrder(support, cancelled.reference, { intent: "cancel-for-her", reason: "other", note: notes.cancel })).toRedirectTo(
      `/owner/orders/${cancelled.reference}`,
    );
    expect(await reload(cancelled)).toMatchObject({ state: "cancelled", cancelForHerNote: notes.cancel, cancelReasonNote: null });
    expect(await logOf(cancelled)).toEqual([["cancelled-for-her", "Other"]]);
    // Support and the owner read it on her order's page, beside her cancel.
    for (const reader of [support, owner])
      expect((await openOrder(reader, cancelled.reference)).data.changes.cancelForHerNote).toBe(notes.cancel);

    const refunded = await capturedOrder();
    const capture = (await paymentsOf(refunded)).find((payment) => payment.kind === "capture")!;
    expect(
      await postOrder(owner, refunded.reference, {
        intent: "refund",
        payment: String(capture.id),
        amount: "10",
        reason: "other",
        note: notes.refund,
      }),
    ).toRedirectTo(`/owner/orders/${refunded.reference}`);
    expect((await paymentsOf(refunded)).find((payment) => payment.kind === "refund")).toMatchObject({
      reason: "other",
      note: notes.refund,
    });
    expect(await logOf(refunded)).toEqual([["refunded", "$10.00 of period 1: Other"]]);

    const declined = await heldSubscription();
    expect(await postView(clinician, declined.reference, { intent: "decline", note: notes.decision })).toRedirectTo("/owner/reviews");
    expect(await reload(declined)).toMatchObject({ decision: "declined", decisionMessage: notes.decision });
    expect(await logOf(declined)).toEqual([["declined", "With a note"]]);

    const disqualified = await capturedOrder();
    expect(await postView(clinician, disqualified.reference, { intent: "disqualify", note: notes.disqualified })).toHaveStatus(303);
    expect(await reload(disqualified)).toMatchObject({ state: "disqualified", disqualificationNote: notes.disqualified });
    expect(await logOf(disqualified)).toEqual([["medically-disqualified", "From: Active"]]);

    const everything = JSON.stringify(await wholeLog()).toLowerCase();
    for (const words of ["lisbon", "divorce", "555-0148", "charged twice", "migraine", "clotting"])
      expect(everything, words).not.toContain(words);
  });

  it("support's note goes with her data when she has it erased; the log's row stays as it was", async () => {
    const { browser: support } = await signedInAs("support");
    const subscription = await heldSubscription();
    await postOrder(support, subscription.reference, {
      intent: "cancel-for-her",
      reason: "email",
      note: "She wrote from her work address, jane@clinic.example",
    });
    expect((await reload(subscription)).cancelForHerNote).toContain("jane@clinic.example");

    expect(await eraseHerData(sandboxGateway(), await reload(subscription))).toEqual({ status: "erased" });
    expect(await reload(subscription)).toMatchObject({ cancelForHerNote: null, erasedAt: expect.any(Date) });
    expect(await logOf(subscription)).toEqual([["cancelled-for-her", "She asked by email"]]);
    expect(JSON.stringify(await wholeLog())).not.toContain("clinic.example");
  });

  it("every note the team typed about her goes with her data, the decisions stay", async () => {
    const owner = await signedInOwner();
    const { browser: clinician } = await signedInAs("clinician");
    const refunded = await capturedOrder();
    const capture = (await paymentsOf(refunded)).find((payment) => payment.kind === "capture")!;
    await postOrder(owner, refunded.reference, {
      intent: "refund",
      payment: String(capture.id),
      amount: "10",
      reason: "other",
      note: "Her sister Ana paid by mistake",
    });
    expect(await postView(clinician, refunded.reference, { intent: "disqualify", note: "Told me of a clot in 2019" })).toHaveStatus(303);
    const declined = await heldSubscription();
    await postView(clinician, declined.reference, { intent: "decline", note: "Breast cancer in her mother's family" });

    for (const subscription of [refunded, declined])
      expect(await eraseHerData(sandboxGateway(), await reload(subscription))).toEqual({ status: "erased" });
    expect(await reload(refunded)).toMatchObject({ state: "disqualified", disqualificationNote: null });
    expect(await reload(declined)).toMatchObject({ decision: "declined", decisionMessage: null });
    expect((await paymentsOf(refunded)).find((payment) => payment.kind === "refund")).toMatchObject({ reason: "other", note: null });
    const db = await database();
    const left = JSON.stringify([await db.select().from(subscriptions), await db.select().from(subscriptionPayments)]);
    for (const words of ["Ana paid", "clot in 2019", "Breast cancer"]) expect(left, words).not.toContain(words);
  });
});

describe("migration 0024", () => {
  /** Its statements after the new column (which the database has already). */
  function scrubStatements(): string[] {
    const file = path.resolve(__dirname, "../../app/server/db/migrations/0024_audit_detail_without_notes.sql");
    const statements = readFileSync(file, "utf8")
      .split("--> statement-breakpoint")
      .map((statement) => statement.trim());
    expect(statements[0]).toContain('ADD COLUMN "cancel_for_her_note"');
    return statements.slice(1);
  }

  /** The engine's own refusal, which drizzle puts in `cause`. */
  const refusedAsAppendOnly = (operation: string) => (error: unknown) =>
    String((error as { cause?: unknown }).cause ?? error).includes(`append-only: ${operation} refused`);

  /** A row as the log was written before: the note after the reason's label. */
  function oldRow(reference: string, detail: string) {
    return appendAudit({
      staffId: null,
      staffName: "Sam Support",
      staffRole: "support",
      addressHash: "local",
      action: "cancelled-for-her",
      orderReference: reference,
      detail: detail as AuditDetail,
    });
  }

  it("moves each note of a cancel for her from the log to her subscription, drops it for her data erased, and leaves the log append-only", async () => {
    const kept = await heldSubscription();
    const erased = await heldSubscription();
    const noNote = await heldSubscription();
    const db = await database();
    await db.update(subscriptions).set({ state: "cancelled", cancelledAt: new Date() }).where(eq(subscriptions.id, kept.id));
    await db
      .update(subscriptions)
      .set({ state: "cancelled", cancelledAt: new Date(), erasedAt: new Date() })
      .where(eq(subscriptions.id, erased.id));
    await oldRow(kept.reference, "Other: she moved abroad: Lisbon");
    await oldRow(erased.reference, "She asked by phone: her daughter called for her");
    await oldRow(noNote.reference, "Payment problem");
    await appendAudit({
      staffId: null,
      staffName: "Owner",
      staffRole: "owner",
      addressHash: "local",
      action: "csv-exported",
      detail: "Orders CSV" as AuditDetail,
    });

    await db.transaction(async (tx) => {
      for (const statement of scrubStatements()) await tx.execute(sql.raw(statement));
    });

    expect((await wholeLog()).map((row) => [row.orderReference, row.detail])).toEqual([
      [kept.reference, "Other"],
      [erased.reference, "She asked by phone"],
      [noNote.reference, "Payment problem"],
      [null, "Orders CSV"],
    ]);
    expect((await reload(kept)).cancelForHerNote).toBe("she moved abroad: Lisbon");
    expect((await reload(erased)).cancelForHerNote).toBeNull();
    expect((await reload(noNote)).cancelForHerNote).toBeNull();
    // The trigger is back: the log refuses a change again.
    await expect(db.execute(sql`UPDATE audit_log SET detail = 'changed'`)).rejects.toSatisfy(refusedAsAppendOnly("UPDATE"));
    await expect(db.execute(sql`DELETE FROM audit_log`)).rejects.toSatisfy(refusedAsAppendOnly("DELETE"));
  });
});
