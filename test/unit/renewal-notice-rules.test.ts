// The notices the law asks for, by state and plan: each rule's window is well formed and names
// its source; her reminder falls inside every window that applies to her, with days to spare,
// for every plan, every state and DC, and any billing date; and over years of renewals she is
// told her terms at least once a year, by a reminder where she has one, else by the yearly notice.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lastDayToCancel } from "../../app/funnel/last-day-to-cancel";
import { planCodes, type PlanCode } from "../../app/funnel/plans";
import {
  annualNoticeAt,
  annualNoticeRules,
  annualNoticeRulesFor,
  reminderFor,
  reminderRulesFor,
  reminderWindow,
  renewalReminderRules,
  yearGraceMs,
} from "../../app/funnel/renewal-notice-rules";
import { addMonths, billingDate, reminderStillUseful } from "../../app/funnel/subscription-life";
import { usStateCodes } from "../../app/funnel/us-states";

const day = 24 * 60 * 60 * 1000;
const dates = fc.date({ min: new Date("2025-01-01T00:00:00Z"), max: new Date("2040-01-01T00:00:00Z"), noInvalidDate: true });
const states = fc.constantFrom(...usStateCodes, null);
const plans = fc.constantFrom(...planCodes);

describe("the rules", () => {
  it("each names its source and what it asks, a window that opens before it closes, and states we ship to", () => {
    for (const rule of [...renewalReminderRules, ...annualNoticeRules]) {
      expect(rule.source.length).toBeGreaterThan(10);
      expect(rule.asks.length).toBeGreaterThan(10);
      expect(rule.plans.length).toBeGreaterThan(0);
      if (rule.states !== "every") for (const state of rule.states) expect(usStateCodes).toContain(state);
    }
    for (const rule of renewalReminderRules) expect(rule.window.mostDays).toBeGreaterThan(rule.window.leastDays);
  });

  it("apply by state and plan: Massachusetts to every plan longer than a month, Illinois, Colorado and California to yearly plans", () => {
    const ids = (plan: PlanCode, state: string | null) => reminderRulesFor(plan, state).map((rule) => rule.id);
    expect(ids("monthly", "MA")).toEqual([]);
    expect(ids("quarterly", "MA")).toEqual(["massachusetts", "ours"]);
    expect(ids("quarterly", "ma")).toEqual(["massachusetts", "ours"]);
    expect(ids("quarterly", "IL")).toEqual(["ours"]);
    expect(ids("yearly", "IL")).toEqual(["illinois", "ours"]);
    expect(ids("yearly", "CO")).toEqual(["colorado", "ours"]);
    expect(ids("yearly", "CA")).toEqual(["california", "ours"]);
    expect(ids("6_month", "CA")).toEqual(["ours"]);
    expect(ids("yearly", null)).toEqual(["ours"]);
    expect(annualNoticeRulesFor("monthly", "MN").map((rule) => rule.id)).toEqual(["minnesota_annual", "ours_annual"]);
    expect(annualNoticeRulesFor("monthly", "CA").map((rule) => rule.id)).toEqual(["california_annual", "ours_annual"]);
    expect(annualNoticeRulesFor("monthly", "TX").map((rule) => rule.id)).toEqual(["ours_annual"]);
  });

  it("count back from her last day to cancel (72 hours before the billing date) or from the renewal", () => {
    const billingAt = new Date("2027-03-10T09:00:00Z");
    expect(lastDayToCancel(billingAt)).toEqual(new Date("2027-03-07T09:00:00Z"));
    const [massachusetts] = reminderRulesFor("quarterly", "MA");
    expect(reminderWindow(massachusetts!, billingAt)).toEqual({
      from: new Date("2027-02-05T09:00:00Z"),
      to: new Date("2027-03-02T09:00:00Z"),
    });
    const [colorado] = reminderRulesFor("yearly", "CO");
    expect(reminderWindow(colorado!, billingAt)).toEqual({ from: new Date("2027-01-29T09:00:00Z"), to: new Date("2027-02-13T09:00:00Z") });
  });
});

describe("her reminder", () => {
  it("falls inside every window that applies to her plan in her state, a week inside each, while she can still cancel", () => {
    fc.assert(
      fc.property(plans, states, dates, (plan, state, billingAt) => {
        const reminder = reminderFor(plan, state, billingAt);
        const rules = reminderRulesFor(plan, state);
        if (rules.length === 0) return reminder === null && plan === "monthly";
        if (reminder === null || !reminderStillUseful(reminder, billingAt)) return false;
        return rules.every((rule) => {
          const { from, to } = reminderWindow(rule, billingAt);
          return reminder.getTime() - from.getTime() >= 7 * day && to.getTime() - reminder.getTime() >= 7 * day;
        });
      }),
      { numRuns: 2000 },
    );
  });

  it("where only our rule applies, falls 30 days before the billing date, as it always has", () => {
    const billingAt = new Date("2027-11-23T09:00:00Z");
    expect(reminderFor("yearly", "OR", billingAt)).toEqual(new Date("2027-10-24T09:00:00Z"));
    expect(reminderFor("quarterly", "TX", billingAt)).toEqual(new Date("2027-10-24T09:00:00Z"));
    // Illinois asks for 30 to 60 days before her last day to cancel: the middle of what both allow.
    expect(reminderFor("yearly", "IL", billingAt)).toEqual(new Date("2027-10-13T21:00:00Z"));
  });
});

describe("the yearly notice of her terms", () => {
  it("falls eleven months after she was last told them, or at a reminder that comes within the year", () => {
    fc.assert(
      fc.property(dates, fc.option(fc.integer({ min: 0, max: 500 * day })), (toldAt, reminderIn) => {
        const reminder = reminderIn === null ? null : new Date(toldAt.getTime() + reminderIn);
        const at = annualNoticeAt(toldAt, reminder);
        const due = addMonths(toldAt, 11);
        const yearEnds = addMonths(toldAt, 12).getTime() + yearGraceMs;
        if (reminder !== null && reminder > due && reminder.getTime() <= yearEnds) return at.getTime() === reminder.getTime();
        return at.getTime() === due.getTime();
      }),
    );
  });

  it("over years of renewals: told at least once a year; the yearly notice only where no reminder told her (a monthly plan)", () => {
    fc.assert(
      fc.property(plans, states, dates, (plan, state, start) => {
        const reminders = Array.from({ length: 60 }, (_, period) => reminderFor(plan, state, billingDate(start, plan, period + 1)));
        const until = addMonths(start, 48);
        let toldAt = start;
        let notices = 0;
        while (toldAt < until) {
          const next = reminders.find((reminder) => reminder !== null && reminder > toldAt) ?? null;
          const noticeAt = annualNoticeAt(toldAt, next);
          // The round sends a reminder due at the same time first; the notice then counts from it.
          const byReminder = next !== null && next <= noticeAt;
          const told = byReminder ? next : noticeAt;
          if (!byReminder) notices++;
          if (told.getTime() > addMonths(toldAt, 12).getTime() + yearGraceMs) return false;
          toldAt = told;
        }
        return plan === "monthly" ? notices >= 4 : notices === 0;
      }),
      { numRuns: 300 },
    );
  });
});
