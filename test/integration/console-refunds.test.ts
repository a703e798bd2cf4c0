// Money given back from the console: the owner's "Refund a payment" on an order's page (its
// choices, its checks, one refund however many presses, her email, one audit row with amount,
// period and reason and nothing of hers), and "Medically disqualified" by the owner on the
// order's page or by a clinician on the clinical view (the plan ended once, the money back,
// one audit row without the note). Support and the clinician may not refund.
import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as orderPage from "../../app/routes/owner.orders.$reference/route";
import * as reviewPage from "../../app/routes/owner.reviews.$reference/route";
import type { AuditAction } from "../../app/funnel/audit";
import { database } from "../../app/server/db/client.server";
import { auditLog, sandboxPayments } from "../../app/server/db/schema.server";
import type { SubscriptionRow } from "../../app/server/db/stores/subscriptions.server";
import { sandboxGateway } from "../../app/server/payments/sandbox.server";
import { decideReview } from "../../app/server/subscriptions/review.server";
import { resetDatabase, type RouteAnswer, type TestBrowser } from "../support/route-harness";
import { signedInAs, signedInOwner } from "../support/staff";
import { heldSubscription, paymentsOf, queuedEmailsOf, reload, sandboxHold } from "../support/subscriptions";

beforeEach(async () => {
  await resetDatabase();
});

const openOrder = (browser: TestBrowser, reference: string) =>
  browser.call(orderPage.loader, `/owner/orders/${reference}`, { params: { reference } });
const postOrder = (browser: TestBrowser, reference: string, form: Record<string, string>) =>
  browser.call(orderPage.action, `/owner/orders/${reference}`, { params: { reference }, form });
const openView = (browser: TestBrowser, reference: string) =>
  browser.call(reviewPage.loader, `/owner/reviews/${reference}`, { params: { reference } });
const postView = (browser: TestBrowser, reference: string, form: Record<string, string>) =>
  browser.call(reviewPage.action, `/owner/reviews/${reference}`, { params: { reference }, form });

/** The form's message for a field, or the form's own under "". */
function messageOf(answer: RouteAnswer, name: string): string | undefined {
  return answer.data?.lastResult?.error?.[name]?.[0];
}

async function auditRows(action: AuditAction) {
  return (await database()).select().from(auditLog).where(eq(auditLog.action, action)).orderBy(asc(auditLog.id));
}

/** A $139.00 order approved and captured on the sandbox. */
async function capturedOrder(): Promise<SubscriptionRow> {
  const held = await heldSubscription({ amountCents: 13_900 });
  const outcome = await decideReview(sandboxGateway(), held, "approved", null, "owner");
  expect(outcome.subscription.state).toBe("active");
  return reload(held);
}

async function captureOf(subscription: SubscriptionRow) {
  return (await paymentsOf(subscription)).find((payment) => payment.kind === "capture")!;
}

describe("Refund a payment", () => {
  it("refunds half of the captured first period with a reason: a refund row, her email, one audit row, the notice", async () => {
    const subscription = await capturedOrder();
    const capture = await captureOf(subscription);
    const owner = await signedInOwner();

    const before = await openOrder(owner, subscription.reference);
    expect(before.data.moneyBack.refund).toEqual({
      choices: [[String(capture.id), `First period, captured ${capture.at.toISOString().slice(0, 10)}: $139.00 ($139.00 left)`]],
      defaults: { payment: String(capture.id), amount: "139.00" },
    });
    expect(before.data.moneyBack.disqualify).toBe(true);

    const refunded = await postOrder(owner, subscription.reference, {
      intent: "refund",
      payment: String(capture.id),
      amount: "$69.50",
      reason: "service_problem",
    });
    expect(refunded).toRedirectTo(`/owner/orders/${subscription.reference}`);

    const after = await openOrder(owner, subscription.reference);
    expect(after.data.notice).toEqual({ tone: "success", text: "Refunded $69.50." });
    expect(after.data.payments).toEqual([
      expect.objectContaining({ kind: "Hold", status: "Succeeded", amountCents: 13_900 }),
      expect.objectContaining({ kind: "Capture", status: "Succeeded", amountCents: 13_900, refundedCents: 6_950 }),
      expect.objectContaining({ kind: "Refund", status: "Succeeded", amountCents: 6_950, period: 0, reason: "Service problem" }),
    ]);
    expect(after.data.moneyBack.refund.choices[0][1]).toMatch(/: \$139\.00 \(\$69\.50 left\)$/);
    expect(after.data.moneyBack.refund.defaults.amount).toBe("69.50");

    const [sandboxRefund] = await (await database()).select().from(sandboxPayments).where(eq(sandboxPayments.kind, "refund"));
    expect(sandboxRefund).toMatchObject({ amountCents: 6_950 });
    expect((await sandboxHold(subscription)).refundedCents).toBe(6_950);
    expect((await queuedEmailsOf(subscription)).filter((kind) => kind === "refunded")).toHaveLength(1);

    const rows = await auditRows("refunded");
    expect(rows.map((row) => [row.staffName, row.staffRole, row.orderReference, row.detail])).toEqual([
      [rows[0]!.staffName, "owner", subscription.reference, "$69.50 of period 1: Service problem"],
    ]);
  });

  it("refuses more than is left with 400 and the amount left, and reads each field with a clear message, refunding nothing", async () => {
    const subscription = await capturedOrder();
    const capture = await captureOf(subscription);
    const other = await capturedOrder();
    const owner = await signedInOwner();
    const payment = String(capture.id);
    expect(await postOrder(owner, subscription.reference, { intent: "refund", payment, amount: "69.50", reason: "goodwill" })).toHaveStatus(
      303,
    );

    const tooMuch = await postOrder(owner, subscription.reference, { intent: "refund", payment, amount: "70", reason: "goodwill" });
    expect(tooMuch).toHaveStatus(400);
    expect(tooMuch.data.form).toBe("refund");
    expect(messageOf(tooMuch, "amount")).toBe("At most $69.50 is left to refund of this payment.");
    expect(tooMuch.data.lastResult.initialValue).toMatchObject({ amount: "70", reason: "goodwill" });

    const refusals: [Record<string, string>, string, string][] = [
      [{ payment, amount: "", reason: "goodwill" }, "amount", "Enter the amount to refund."],
      [{ payment, amount: "12.345", reason: "goodwill" }, "amount", "Enter an amount in dollars and cents, like 69.50."],
      [{ payment, amount: "ten dollars", reason: "goodwill" }, "amount", "Enter an amount in dollars and cents, like 69.50."],
      [{ payment, amount: "0", reason: "goodwill" }, "amount", "Enter an amount of at least $0.01."],
      [{ payment, amount: "1".repeat(5000), reason: "goodwill" }, "amount", "Enter an amount in dollars and cents, like 69.50."],
      [{ payment, amount: "10", reason: "" }, "reason", "Choose the reason for the refund."],
      [{ payment, amount: "10", reason: "made_at_gateway" }, "reason", "Choose the reason for the refund."],
      [{ payment, amount: "10", reason: "other" }, "note", "Enter a note saying why: Other needs one."],
      [{ payment, amount: "10", reason: "other", note: "n".repeat(501) }, "note", "Enter a note of 500 characters or fewer."],
      [{ payment: "", amount: "10", reason: "goodwill" }, "payment", "Choose the payment to refund."],
      [{ payment: "9".repeat(40), amount: "10", reason: "goodwill" }, "payment", "Choose the payment to refund."],
      // Another order's payment, or the hold (never charged), is not this order's to refund.
      [
        { payment: String((await captureOf(other)).id), amount: "10", reason: "goodwill" },
        "payment",
        "That payment cannot be refunded: choose one of this order's paid payments.",
      ],
      [
        { payment: String((await paymentsOf(subscription))[0]!.id), amount: "10", reason: "goodwill" },
        "payment",
        "That payment cannot be refunded: choose one of this order's paid payments.",
      ],
    ];
    for (const [form, field, message] of refusals) {
      const answer = await postOrder(owner, subscription.reference, { intent: "refund", ...form });
      expect(answer, JSON.stringify(form).slice(0, 80)).toHaveStatus(400);
      expect(messageOf(answer, field), JSON.stringify(form).slice(0, 80)).toBe(message);
    }

    expect((await paymentsOf(subscription)).filter((row) => row.kind === "refund")).toHaveLength(1);
    expect((await captureOf(subscription)).refundedCents).toBe(6_950);
    expect((await paymentsOf(other)).filter((row) => row.kind === "refund")).toEqual([]);
    expect(await auditRows("refunded")).toHaveLength(1);
  });

  it("keeps Other's note on the order's page, never in the audit log", async () => {
    const subscription = await capturedOrder();
    const owner = await signedInOwner();
    const note = "Charged twice after a bank error";
    const answer = await postOrder(owner, subscription.reference, {
      intent: "refund",
      payment: String((await captureOf(subscription)).id),
      amount: "10",
      reason: "other",
      note,
    });
    expect(answer).toHaveStatus(303);
    const page = await openOrder(owner, subscription.reference);
    expect(page.data.payments.at(-1)).toMatchObject({ kind: "Refund", reason: `Other: ${note}` });
    const [row] = await auditRows("refunded");
    expect(row!.detail).toBe("$10.00 of period 1: Other");
    expect(JSON.stringify(await (await database()).select().from(auditLog))).not.toContain("bank error");
  });

  it("refunds the rest once for five presses at once: one refund, one audit row, the others told what is left", async () => {
    const subscription = await capturedOrder();
    const owner = await signedInOwner();
    const form = { intent: "refund", payment: String((await captureOf(subscription)).id), amount: "139.00", reason: "duplicate" };
    const answers = await Promise.all(Array.from({ length: 5 }, () => postOrder(owner, subscription.reference, form)));
    expect(answers.filter((answer) => answer.status === 303)).toHaveLength(1);
    for (const answer of answers.filter((answer) => answer.status !== 303)) {
      expect([400, 409]).toContain(answer.status);
      expect(messageOf(answer, "amount")).toMatch(
        /^(Nothing is left to refund of this payment\.|Another refund of this payment is being made: try again in a moment\.)$/,
      );
    }
    expect((await paymentsOf(subscription)).filter((row) => row.kind === "refund").map((row) => [row.status, row.amountCents])).toEqual([
      ["succeeded", 13_900],
    ]);
    expect(await auditRows("refunded")).toHaveLength(1);
    // Nothing left: the form is no longer drawn.
    expect((await openOrder(owner, subscription.reference)).data.moneyBack.refund).toBeNull();
  });

  it("is the owner's alone: support and the clinician get 403 and refund nothing", async () => {
    const subscription = await capturedOrder();
    const form = { intent: "refund", payment: String((await captureOf(subscription)).id), amount: "10", reason: "goodwill" };
    const { browser: support } = await signedInAs("support");
    expect((await openOrder(support, subscription.reference)).data.moneyBack).toEqual({ refund: null, disqualify: false });
    const refused = await postOrder(support, subscription.reference, form);
    expect(refused).toHaveStatus(403);
    expect(refused.data.message).toBe("Your role does not allow this. Nothing was done.");
    const { browser: clinician } = await signedInAs("clinician");
    expect(await postOrder(clinician, subscription.reference, form)).toHaveStatus(403);
    expect(await postOrder(support, subscription.reference, { intent: "disqualify", note: "Not suitable" })).toHaveStatus(403);

    expect((await paymentsOf(subscription)).filter((row) => row.kind === "refund")).toEqual([]);
    expect((await reload(subscription)).state).toBe("active");
    expect(await auditRows("refunded")).toEqual([]);
    expect(await auditRows("medically-disqualified")).toEqual([]);
  });
});

describe("Medically disqualified", () => {
  it("is pressed by a clinician on the clinical view: ended once, the last payment refunded in full, one email, one audit row without the note", async () => {
    const subscription = await capturedOrder();
    const { browser: clinician, staff } = await signedInAs("clinician", { name: "Dr Amara Lind" });

    const page = await openView(clinician, subscription.reference);
    expect(page.data).toMatchObject({ disqualify: true, decide: false, notice: null });

    const empty = await postView(clinician, subscription.reference, { intent: "disqualify", note: "   " });
    expect(empty).toHaveStatus(400);
    expect(empty.data.form).toBe("disqualify");
    expect(messageOf(empty, "note")).toBe("Enter a note saying why she is medically disqualified.");
    const long = await postView(clinician, subscription.reference, { intent: "disqualify", note: "n".repeat(1001) });
    expect(messageOf(long, "note")).toBe("Enter a note of 1000 characters or fewer.");
    expect((await reload(subscription)).state).toBe("active");

    const note = "Contraindicated: history of clotting disorder";
    const ended = await postView(clinician, subscription.reference, { intent: "disqualify", note });
    expect(ended).toRedirectTo(`/owner/reviews/${subscription.reference}`);
    const after = await openView(clinician, subscription.reference);
    expect(after.data.notice).toEqual({
      tone: "success",
      text: `Ended ${subscription.reference}: medically disqualified. Her most recent payment is refunded in full. She was emailed.`,
    });
    expect(after.data.disqualify).toBe(false);
    expect(JSON.stringify(after.data)).not.toContain("$");

    const ends = await reload(subscription);
    expect(ends).toMatchObject({ state: "disqualified", nextBillingAt: null, disqualificationNote: note });
    expect(
      (await paymentsOf(subscription)).filter((row) => row.kind === "refund").map((row) => [row.status, row.amountCents, row.reason]),
    ).toEqual([["succeeded", 13_900, "medically_disqualified"]]);
    expect((await queuedEmailsOf(subscription)).filter((kind) => kind === "disqualified" || kind === "refunded")).toEqual(["disqualified"]);

    // Pressed again: nothing more happens, and nothing more is logged.
    expect(await postView(clinician, subscription.reference, { intent: "disqualify", note })).toHaveStatus(303);
    expect((await openView(clinician, subscription.reference)).data.notice.text).toBe(
      `${subscription.reference} had already ended. Nothing changed: the order is ${after.data.view.orderState}.`,
    );
    const rows = await auditRows("medically-disqualified");
    expect(rows.map((row) => [row.staffId, row.staffRole, row.orderReference, row.detail])).toEqual([
      [staff.id, "clinician", subscription.reference, "From: Active"],
    ]);
    expect(JSON.stringify(await (await database()).select().from(auditLog))).not.toContain("clotting");
    expect((await paymentsOf(subscription)).filter((row) => row.kind === "refund")).toHaveLength(1);
  });

  it("is pressed by the owner on the order's page: an order on hold has its hold released, nothing refunded", async () => {
    const subscription = await heldSubscription();
    const owner = await signedInOwner();
    expect((await openOrder(owner, subscription.reference)).data.moneyBack).toEqual({ refund: null, disqualify: true });

    const ended = await postOrder(owner, subscription.reference, { intent: "disqualify", note: "Not a candidate for HRT" });
    expect(ended).toRedirectTo(`/owner/orders/${subscription.reference}`);
    const page = await openOrder(owner, subscription.reference);
    expect(page.data.notice).toEqual({
      tone: "success",
      text: `Ended ${subscription.reference}: medically disqualified. Her hold was released: nothing was charged. She was emailed.`,
    });
    expect(page.data.moneyBack).toEqual({ refund: null, disqualify: false });
    expect((await reload(subscription)).state).toBe("disqualified");
    expect((await sandboxHold(subscription)).status).toBe("released");
    expect((await paymentsOf(subscription)).filter((row) => row.kind === "refund")).toEqual([]);
    expect((await auditRows("medically-disqualified")).map((row) => [row.staffRole, row.orderReference, row.detail])).toEqual([
      ["owner", subscription.reference, "From: On hold, waiting for review"],
    ]);
  });

  it("is not offered to a clinician for an order that has ended, and a post answers what it is", async () => {
    const subscription = await heldSubscription();
    await decideReview(sandboxGateway(), subscription, "declined", null, "owner");
    const { browser: clinician } = await signedInAs("clinician");
    expect((await openView(clinician, subscription.reference)).data.disqualify).toBe(false);
    expect(await postView(clinician, subscription.reference, { intent: "disqualify", note: "Late" })).toHaveStatus(303);
    expect((await reload(subscription)).state).toBe("declined");
    expect(await auditRows("medically-disqualified")).toEqual([]);
  });
});
