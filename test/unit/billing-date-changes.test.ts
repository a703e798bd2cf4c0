// Her billing date moved, skipped, moved back or shipped sooner, checked against the renewal
// schedule the worker bills by (billingDate, billingDateAfter, the 72-hour rule): properties
// over any anchor, plan and sequence of presses, then the refusals one by one.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  billingDateDetail,
  billingDateLines,
  decideBillingDateChange,
  maxWeeksMoved,
  weeksMovedWithinYear,
  type BillingDateChoice,
  type BillingDateFacts,
  type BillingDateLine,
} from "../../app/funnel/billing-date-changes";
import { planCodes, type PlanCode } from "../../app/funnel/plans";
import { billingDate, billingDateAfter, renewalStillBilled, subscriptionStates } from "../../app/funnel/subscription-life";

const hour = 60 * 60 * 1000;
const day = 24 * hour;
const week = 7 * day;

const anchors = fc.date({ min: new Date("2024-01-01T00:00:00Z"), max: new Date("2032-12-31T00:00:00Z"), noInvalidDate: true });
const plansArb = fc.constantFrom(...planCodes);

/** A subscription as the service keeps it, and what the worker's renewal does to it. */
interface Model {
  plan: PlanCode;
  anchor: Date;
  periodsPaid: number;
  nextBillingAt: Date;
  lines: BillingDateLine[];
}

function facts(model: Model, overrides: Partial<BillingDateFacts> = {}): BillingDateFacts {
  return {
    state: "active",
    plan: model.plan,
    periodsPaid: model.periodsPaid,
    nextBillingAt: model.nextBillingAt,
    firstPeriodStart: model.anchor,
    failedAttempts: 0,
    lines: model.lines,
    ...overrides,
  };
}

/** billRenewal: the period billed on its date runs to the next date counted from the anchor. */
function renew(model: Model): void {
  model.nextBillingAt = billingDateAfter(model.anchor, model.plan, model.nextBillingAt);
  model.periodsPaid++;
}

/** The renewals due by `now`, as the worker bills them. */
function renewUntil(model: Model, now: Date): void {
  while (model.nextBillingAt.getTime() <= now.getTime()) renew(model);
}

/** A change applied as the service applies it, with its timeline line read back. */
function apply(model: Model, choice: BillingDateChoice, now: Date): boolean {
  const decision = decideBillingDateChange(facts(model), choice, now);
  if (!decision.ok) return false;
  const { change } = decision;
  const [line] = billingDateLines([{ event: change.event, at: now, detail: billingDateDetail(change, model.anchor) }]);
  model.lines.push(line!);
  model.anchor = change.anchor;
  model.nextBillingAt = change.to;
  if (change.event === "shipped_sooner") model.periodsPaid++;
  return true;
}

function newModel(plan: PlanCode, start: Date): Model {
  return { plan, anchor: start, periodsPaid: 1, nextBillingAt: billingDate(start, plan, 1), lines: [] };
}

/** The next `count` billing dates the worker would bill, from the model as it is. */
function nextDates(model: Model, count: number): number[] {
  const copy = { ...model, lines: [...model.lines] };
  const dates: number[] = [];
  for (let i = 0; i < count; i++) {
    dates.push(copy.nextBillingAt.getTime());
    renew(copy);
  }
  return dates;
}

describe("the renewal schedule", () => {
  it("billingDateAfter a billing date is the next billing date of the same schedule", () => {
    fc.assert(
      fc.property(anchors, plansArb, fc.nat({ max: 60 }), (anchor, plan, period) => {
        expect(billingDateAfter(anchor, plan, billingDate(anchor, plan, period))).toEqual(billingDate(anchor, plan, period + 1));
      }),
    );
  });

  it("is the first date of the schedule later than any moment", () => {
    fc.assert(
      fc.property(anchors, plansArb, fc.integer({ min: 0, max: 5 * 366 * 24 }), (anchor, plan, hours) => {
        const after = new Date(anchor.getTime() + hours * hour);
        const next = billingDateAfter(anchor, plan, after);
        expect(next.getTime()).toBeGreaterThan(after.getTime());
        const period = Array.from({ length: 80 }, (_, n) => n).find((n) => billingDate(anchor, plan, n).getTime() === next.getTime());
        expect(period).toBeDefined();
        if (period! > 0) expect(billingDate(anchor, plan, period! - 1).getTime()).toBeLessThanOrEqual(after.getTime());
      }),
    );
  });
});

describe("each change against the schedule", () => {
  const farFromDate = (model: Model) => new Date(model.nextBillingAt.getTime() - 4 * day);

  it("a move of 1 to 8 weeks bills that much later, and the dates after count on from the new date", () => {
    fc.assert(
      fc.property(anchors, plansArb, fc.integer({ min: 1, max: 8 }), (start, plan, weeks) => {
        const model = newModel(plan, start);
        const before = model.nextBillingAt.getTime();
        expect(apply(model, { kind: "move", weeks }, farFromDate(model))).toBe(true);
        const moved = new Date(before + weeks * week);
        expect(nextDates(model, 4)).toEqual([0, 1, 2, 3].map((k) => billingDate(moved, plan, k).getTime()));
      }),
    );
  });

  it("a skip bills one period on, and the schedule keeps its dates after it", () => {
    fc.assert(
      fc.property(anchors, fc.nat({ max: 30 }), (start, renewals) => {
        const model = newModel("monthly", start);
        for (let i = 0; i < renewals; i++) renew(model);
        const period = model.periodsPaid;
        expect(apply(model, { kind: "skip" }, farFromDate(model))).toBe(true);
        expect(nextDates(model, 3)).toEqual([1, 2, 3].map((k) => billingDate(start, "monthly", period + k).getTime()));
        // A month is 4 or 5 weeks, rounded up, against the cap.
        expect([4, 5]).toContain(model.lines[0]!.weeks);
      }),
    );
  });

  it("a skip of a quarterly or longer plan is more than the cap allows", () => {
    fc.assert(
      fc.property(anchors, fc.constantFrom<PlanCode>("quarterly", "6_month", "yearly"), (start, plan) => {
        const model = newModel(plan, start);
        const decision = decideBillingDateChange(facts(model), { kind: "skip" }, farFromDate(model));
        expect(decision.ok ? "allowed" : decision.refusal).toBe("cap");
      }),
    );
  });

  it("moved back, the dates are the schedule's as if nothing had moved", () => {
    fc.assert(
      fc.property(anchors, plansArb, fc.oneof(fc.integer({ min: 1, max: 8 }), fc.constant(0)), (start, plan, weeks) => {
        const model = newModel(plan, start);
        const untouched = nextDates(model, 4);
        const choice: BillingDateChoice = weeks === 0 ? { kind: "skip" } : { kind: "move", weeks };
        if (!apply(model, choice, farFromDate(model))) return; // a long plan's skip: refused above
        expect(apply(model, { kind: "move_back" }, new Date(untouched[0]! - 4 * day))).toBe(true);
        expect(nextDates(model, 4)).toEqual(untouched);
        expect(weeksMovedWithinYear(model.lines, new Date(untouched[0]!))).toBe(0);
      }),
    );
  });

  it("ship sooner bills the next period now, and the dates after count from now", () => {
    fc.assert(
      fc.property(anchors, plansArb, fc.integer({ min: 1, max: 20 * 24 }), (start, plan, hoursIn) => {
        const model = newModel(plan, start);
        const now = new Date(Math.min(start.getTime() + hoursIn * hour, model.nextBillingAt.getTime()));
        const period = model.periodsPaid;
        expect(apply(model, { kind: "sooner" }, now)).toBe(true);
        expect(model.periodsPaid).toBe(period + 1);
        expect(nextDates(model, 3)).toEqual([1, 2, 3].map((k) => billingDate(now, plan, k).getTime()));
      }),
    );
  });
});

describe("any sequence of presses", () => {
  const press = fc.record({
    hours: fc.integer({ min: 1, max: 24 * 45 }),
    choice: fc.oneof(
      fc.record({ kind: fc.constant("move" as const), weeks: fc.integer({ min: 1, max: 8 }) }),
      fc.constant({ kind: "skip" as const }),
      fc.constant({ kind: "move_back" as const }),
      fc.constant({ kind: "sooner" as const }),
    ),
  });

  it("never moves more than 12 weeks in any 365 days, changes a period once, and never a date within 72 hours", () => {
    fc.assert(
      fc.property(anchors, plansArb, fc.array(press, { maxLength: 40 }), (start, plan, presses) => {
        const model = newModel(plan, start);
        let now = start;
        for (const { hours, choice } of presses) {
          now = new Date(now.getTime() + hours * hour);
          renewUntil(model, now);
          const from = model.nextBillingAt;
          if (apply(model, choice, now) && choice.kind !== "sooner") {
            expect(renewalStillBilled(now, from)).toBe(false);
          }
        }
        const undone = new Set(model.lines.filter((line) => line.movedBack).map((line) => line.period));
        const counted = model.lines.filter((line) => line.event !== "shipped_sooner" && !undone.has(line.period));
        for (const line of counted) {
          const window = counted.filter((other) => other.at <= line.at && line.at.getTime() - other.at.getTime() < 365 * day);
          expect(window.reduce((sum, other) => sum + other.weeks, 0)).toBeLessThanOrEqual(maxWeeksMoved);
        }
        const periods = model.lines.filter((line) => line.event !== "shipped_sooner" && !line.movedBack).map((line) => line.period);
        expect(new Set(periods).size).toBe(periods.length);
      }),
      { numRuns: 300 },
    );
  });
});

describe("refusals", () => {
  const start = new Date("2027-01-10T09:00:00Z");
  const model = () => newModel("monthly", start);
  const nextAt = billingDate(start, "monthly", 1);
  const early = new Date(nextAt.getTime() - 10 * day);

  it("only while active", () => {
    for (const state of subscriptionStates.filter((s) => s !== "active")) {
      for (const choice of [{ kind: "move", weeks: 2 }, { kind: "skip" }, { kind: "sooner" }] as BillingDateChoice[]) {
        const decision = decideBillingDateChange(facts(model(), { state }), choice, early);
        expect(decision.ok ? "allowed" : decision.refusal).toBe("not_active");
      }
    }
  });

  it("a date less than 72 hours away is fixed for moves and skips, not for ship sooner", () => {
    const close = new Date(nextAt.getTime() - 71 * hour);
    const move = decideBillingDateChange(facts(model()), { kind: "move", weeks: 1 }, close);
    expect(move).toMatchObject({ ok: false, refusal: "fixed" });
    expect(move.ok ? "" : move.message).toContain("less than 72 hours away");
    expect(decideBillingDateChange(facts(model()), { kind: "skip" }, close)).toMatchObject({ ok: false, refusal: "fixed" });
    expect(decideBillingDateChange(facts(model()), { kind: "move", weeks: 1 }, new Date(nextAt.getTime() - 73 * hour)).ok).toBe(true);
    expect(decideBillingDateChange(facts(model()), { kind: "sooner" }, close).ok).toBe(true);
  });

  it("once a period, and weeks outside 1 to 8 refused", () => {
    const m = model();
    expect(apply(m, { kind: "move", weeks: 2 }, early)).toBe(true);
    expect(decideBillingDateChange(facts(m), { kind: "move", weeks: 1 }, early)).toMatchObject({ ok: false, refusal: "once_a_period" });
    expect(decideBillingDateChange(facts(m), { kind: "skip" }, early)).toMatchObject({ ok: false, refusal: "once_a_period" });
    for (const weeks of [0, 9, 1.5]) {
      expect(decideBillingDateChange(facts(model()), { kind: "move", weeks }, early)).toMatchObject({ ok: false, refusal: "weeks" });
    }
  });

  it("the cap says how many weeks are left", () => {
    const m = model();
    expect(apply(m, { kind: "move", weeks: 8 }, early)).toBe(true);
    renew(m);
    const later = new Date(m.nextBillingAt.getTime() - 10 * day);
    const decision = decideBillingDateChange(facts(m), { kind: "move", weeks: 5 }, later);
    expect(decision).toMatchObject({ ok: false, refusal: "cap" });
    expect(decision.ok ? "" : decision.message).toContain("you have 4 weeks left");
    expect(decideBillingDateChange(facts(m), { kind: "move", weeks: 4 }, later).ok).toBe(true);
  });

  it("ship sooner: not twice running, not after a declined try", () => {
    const m = model();
    expect(apply(m, { kind: "sooner" }, early)).toBe(true);
    expect(decideBillingDateChange(facts(m), { kind: "sooner" }, early)).toMatchObject({ ok: false, refusal: "sooner_once" });
    renew(m);
    expect(decideBillingDateChange(facts(m), { kind: "sooner" }, m.nextBillingAt).ok).toBe(true);
    expect(decideBillingDateChange(facts(model(), { failedAttempts: 1 }), { kind: "sooner" }, early)).toMatchObject({
      ok: false,
      refusal: "card_tried",
    });
  });

  it("nothing to move back without a move or skip of this period", () => {
    expect(decideBillingDateChange(facts(model()), { kind: "move_back" }, early)).toMatchObject({
      ok: false,
      refusal: "nothing_to_move_back",
    });
  });
});
