// Her plan changed from her next billing date, checked against the renewal schedule the worker
// bills by (billingDate, billingDateAfter, the 72-hour rule): properties over any anchor, pair
// of plans, period and moment of the change, then the prices and the refusals one by one.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fallbackCatalogue } from "../../app/funnel/catalogue";
import type { PlanChangeLine } from "../../app/funnel/emails";
import {
  decidePlanChange,
  planChangeAhead,
  planChangeDetail,
  planChangeLineOf,
  planOffer,
  waitingPlanStarts,
  type PlanChangeFacts,
  type PlanOffer,
} from "../../app/funnel/plan-change";
import { planCodes, type PlanCode } from "../../app/funnel/plans";
import { billingDate, billingDateAfter, renewalStillBilled, subscriptionStates } from "../../app/funnel/subscription-life";

const hour = 60 * 60 * 1000;
const day = 24 * hour;
const allPlans = [...planCodes];

const anchors = fc.date({ min: new Date("2024-01-01T00:00:00Z"), max: new Date("2032-12-31T00:00:00Z"), noInvalidDate: true });
const planPairs = fc.tuple(fc.constantFrom(...planCodes), fc.constantFrom(...planCodes)).filter(([from, to]) => from !== to);

/** A subscription as the service keeps it. */
function factsOf(plan: PlanCode, anchor: Date, next: Date, overrides: Partial<PlanChangeFacts> = {}): PlanChangeFacts {
  return {
    state: "active",
    plan,
    renewalCents: 10_000,
    nextBillingAt: next,
    firstPeriodStart: anchor,
    pendingPlan: null,
    pendingRenewalCents: null,
    pendingPlanFrom: null,
    shipState: "OR",
    ...overrides,
  };
}

const offerOf = (plan: PlanCode, cents: number | null = 25_000): PlanOffer => ({ plan, cents, unavailable: [] });

/** What the renewal worker does when it bills the due date (renewal.server.ts, paid). */
function renew(facts: PlanChangeFacts): { billed: { at: Date; cents: number }; facts: PlanChangeFacts } {
  const at = facts.nextBillingAt!;
  const next = billingDateAfter(facts.firstPeriodStart!, facts.plan, at);
  const waiting = waitingPlanStarts(facts, next);
  return { billed: { at, cents: facts.renewalCents }, facts: { ...facts, nextBillingAt: next, ...waiting?.writes } };
}

describe("a plan change against the renewal schedule", () => {
  it("bills the old price up to the first date on the new plan and the new price from it, on the new plan's dates", () => {
    fc.assert(
      fc.property(
        anchors,
        planPairs,
        fc.integer({ min: 1, max: 6 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (anchor, [from, to], period, fraction) => {
          const previous = billingDate(anchor, from, period - 1);
          const next = billingDate(anchor, from, period);
          const now = new Date(previous.getTime() + Math.floor(fraction * (next.getTime() - previous.getTime() - 1)));
          const decision = decidePlanChange(factsOf(from, anchor, next), offerOf(to), allPlans, now);
          if (!decision.ok) throw new Error(decision.message);
          const { line, writes } = decision;
          // The 72-hour rule alone decides whether her next renewal is already fixed.
          expect(line.kind).toBe(renewalStillBilled(now, next) ? "waiting" : "switched");
          expect(line.startsAt).toEqual(line.kind === "switched" ? next : billingDate(anchor, from, period + 1));

          let facts: PlanChangeFacts = { ...factsOf(from, anchor, next), ...writes };
          const billed: { at: Date; cents: number }[] = [];
          for (let i = 0; i < 4; i++) {
            const renewed = renew(facts);
            billed.push(renewed.billed);
            facts = renewed.facts;
          }
          for (const bill of billed) expect(bill.cents).toBe(bill.at < line.startsAt ? 10_000 : 25_000);
          // From its first date on, every billing date is the new plan's, counted from that date.
          const onNewPlan = billed.filter((bill) => bill.at >= line.startsAt).map((bill) => bill.at);
          expect(onNewPlan).toEqual(onNewPlan.map((_, i) => billingDate(line.startsAt, to, i)));
          expect({ plan: facts.plan, pending: facts.pendingPlan }).toEqual({ plan: to, pending: null });
        },
      ),
    );
  });

  it("a change that waits is cancelled by choosing her own plan: the schedule and price stay hers", () => {
    fc.assert(
      fc.property(anchors, planPairs, fc.integer({ min: 1, max: 6 }), (anchor, [from, to], period) => {
        const next = billingDate(anchor, from, period);
        const now = new Date(next.getTime() - 2 * day);
        const waiting = decidePlanChange(factsOf(from, anchor, next), offerOf(to), allPlans, now);
        if (!waiting.ok) throw new Error(waiting.message);
        const withWaiting = { ...factsOf(from, anchor, next), ...waiting.writes };
        const kept = decidePlanChange(withWaiting, offerOf(from), allPlans, now);
        if (!kept.ok) throw new Error(kept.message);
        expect(kept.line).toMatchObject({ kind: "kept", fromPlan: to, toPlan: from, cents: 10_000 });
        const after = renew({ ...withWaiting, ...kept.writes }).facts;
        expect(after).toMatchObject({
          plan: from,
          renewalCents: 10_000,
          firstPeriodStart: anchor,
          nextBillingAt: billingDate(anchor, from, period + 1),
        });
      }),
    );
  });
});

describe("deciding a plan change", () => {
  const anchor = new Date("2027-01-10T12:00:00Z");
  const next = billingDate(anchor, "monthly", 1);
  const early = new Date("2027-01-20T12:00:00Z");

  it("a switch more than 72 hours ahead moves the anchor to her next billing date and sets the new plan's reminder", () => {
    const decision = decidePlanChange(factsOf("monthly", anchor, next), offerOf("yearly", 120_000), allPlans, early);
    expect(decision).toMatchObject({
      ok: true,
      line: { kind: "switched", fromPlan: "monthly", toPlan: "yearly", cents: 120_000, startsAt: next },
      writes: { plan: "yearly", renewalCents: 120_000, firstPeriodStart: next, pendingPlan: null, reminderDueAt: null },
    });
  });

  it("refuses, calmly, when she is not active, the plan is not offered, is hers already or already waits", () => {
    for (const state of subscriptionStates.filter((s) => s !== "active")) {
      const decision = decidePlanChange(factsOf("monthly", anchor, next, { state }), offerOf("quarterly"), allPlans, early);
      expect(decision).toMatchObject({ ok: false, refusal: "not_active" });
    }
    expect(decidePlanChange(factsOf("monthly", anchor, next), offerOf("yearly"), ["monthly", "quarterly"], early)).toMatchObject({
      ok: false,
      refusal: "not_offered",
    });
    expect(decidePlanChange(factsOf("monthly", anchor, next), offerOf("monthly"), allPlans, early)).toEqual({
      ok: false,
      refusal: "same",
      message: "You are already on the Monthly plan, so nothing was changed.",
    });
    const waits = factsOf("monthly", anchor, next, {
      pendingPlan: "quarterly",
      pendingRenewalCents: 29_900,
      pendingPlanFrom: billingDate(anchor, "monthly", 2),
    });
    expect(decidePlanChange(waits, offerOf("quarterly"), allPlans, early)).toMatchObject({ ok: false, refusal: "waiting_already" });
    expect(decidePlanChange(factsOf("monthly", anchor, next), offerOf("quarterly", null), allPlans, early)).toMatchObject({
      ok: false,
      refusal: "unpriced",
    });
  });
});

describe("her medications on another plan", () => {
  const cream = { productId: "vaginal_estrogen_cream", name: "Cream" };
  const gel = { productId: "gel", name: "Gel" };
  const pill = { productId: "progesterone_pill", name: "Pill" };

  it("priced from the catalogue as the checkout prices them: progesterone free beside estrogen", () => {
    expect(planOffer(fallbackCatalogue, [gel, pill], "quarterly", ["monthly", "quarterly"])).toEqual({
      plan: "quarterly",
      cents: 39_900,
      unavailable: [],
    });
    expect(planOffer(fallbackCatalogue, [gel, pill, cream], "yearly", allPlans).cents).toBe(240_000);
  });

  it("a medication the plan does not offer makes it unselectable, with the spec's plan-unavailable message", () => {
    const offer = planOffer(fallbackCatalogue, [gel, cream], "monthly", ["monthly", "quarterly"]);
    expect(offer).toEqual({
      plan: "monthly",
      cents: null,
      unavailable: [
        { name: "Cream", message: "This medication isn't available with the monthly plan. Please select the quarterly plan to continue." },
      ],
    });
    const facts = factsOf("quarterly", new Date("2027-01-10T12:00:00Z"), new Date("2027-04-10T12:00:00Z"));
    expect(decidePlanChange(facts, offer, ["monthly", "quarterly"], new Date("2027-02-01T00:00:00Z"))).toEqual({
      ok: false,
      refusal: "unavailable",
      message: "Cream: This medication isn't available with the monthly plan. Please select the quarterly plan to continue.",
    });
    expect(planOffer(fallbackCatalogue, [{ productId: "retired", name: "Old cream" }], "quarterly", allPlans).unavailable).toEqual([
      { name: "Old cream", message: "This medication isn't currently available on any plan." },
    ]);
  });
});

describe("her timeline's plan lines", () => {
  const line: PlanChangeLine = {
    kind: "waiting",
    fromPlan: "monthly",
    toPlan: "quarterly",
    cents: 29_900,
    startsAt: new Date("2027-03-10T12:00:00Z"),
    fixedAt: new Date("2027-02-10T12:00:00Z"),
    fixedCents: 13_900,
  };

  it("a line's detail reads back as the change it was, and nothing else reads as one", () => {
    expect(planChangeLineOf({ event: "plan_changed", detail: planChangeDetail(line) })).toEqual(line);
    expect(planChangeLineOf({ event: "plan_changed", detail: { change: "switched", from_plan: "weekly" } })).toBeUndefined();
    expect(planChangeLineOf({ event: "billing_date_moved", detail: planChangeDetail(line) })).toBeUndefined();
  });

  it("the change ahead: one that waits, or a switch made this period, until the renewal that starts it", () => {
    const anchor = new Date("2027-01-10T12:00:00Z");
    const next = new Date("2027-02-10T12:00:00Z");
    const waits = factsOf("monthly", anchor, next, {
      pendingPlan: "quarterly",
      pendingRenewalCents: 29_900,
      pendingPlanFrom: line.startsAt,
    });
    expect(planChangeAhead(waits, [])?.text).toBe("Your plan changes to Quarterly on March 10, 2027: $299.00 every 3 months.");

    const switched = { event: "plan_changed", detail: planChangeDetail({ ...line, kind: "switched", startsAt: next }) };
    const approved = { event: "approved_captured", detail: {} };
    const nowQuarterly = factsOf("quarterly", next, next, { renewalCents: 29_900 });
    expect(planChangeAhead(nowQuarterly, [approved, switched])?.text).toBe(
      "Your plan changes to Quarterly on February 10, 2027: $299.00 every 3 months.",
    );
    expect(planChangeAhead(nowQuarterly, [approved, switched, { event: "renewal_charged", detail: {} }])).toBeNull();
    // Switched back within the same period: nothing changes after all.
    const back = {
      event: "plan_changed",
      detail: planChangeDetail({ ...line, kind: "switched", fromPlan: "quarterly", toPlan: "monthly", startsAt: next }),
    };
    expect(planChangeAhead(factsOf("monthly", next, next), [approved, switched, back])).toBeNull();
  });
});
