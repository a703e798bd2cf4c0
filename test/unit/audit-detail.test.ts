// What an audit row may say beyond its action: the code's own words with values of fixed kinds,
// never text someone typed (the log is kept for good, through her erasure). The types refuse a
// plain string (the @ts-expect-error lines below fail `npx tsc` the day one is accepted), the
// helpers refuse what is not of their set at run time, and no module outside the two that make
// details may cast a string into one.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { amountOf, auditDetail, codeOf, labelOf, staffNameOf, type AuditDetail } from "../../app/funnel/audit";
import { cancelReasonLabels } from "../../app/funnel/cancel-for-her";
import { refundReasonLabels } from "../../app/funnel/refunds";
import { usStateCodes } from "../../app/funnel/us-states";
import type { AuditFacts } from "../../app/server/staff/audit.server";

describe("an audit detail", () => {
  it("is the template's words with each value written out", () => {
    const detail = auditDetail`${amountOf(6950)} of period ${2}: ${labelOf(refundReasonLabels, "goodwill")}`;
    expect(detail).toBe("$69.50 of period 2: Goodwill");
    expect(auditDetail`Ships to ${codeOf(usStateCodes, "OR")}`).toBe("Ships to OR");
    expect(auditDetail`Moved back: next billing ${new Date("2027-03-05T23:30:00Z")}`).toBe("Moved back: next billing 2027-03-05");
    expect(auditDetail`${staffNameOf({ id: "s1", name: "Sam Support", role: "support" })}: 2 sessions ended`).toBe(
      "Sam Support: 2 sessions ended",
    );
    expect(auditDetail`Audit CSV`).toBe("Audit CSV");
  });

  it("takes no ordinary string: not as its words, not as a value, not as a row's detail", () => {
    const typed: string = "Other: she moved to Lisbon after her divorce";
    // @ts-expect-error a string someone typed is not a detail
    const facts: AuditFacts = { detail: typed };
    expect(facts.detail).toBe(typed);
    // @ts-expect-error nor a value of one (at run time a string cannot be told from a word: the types guard this)
    expect(auditDetail`Note: ${typed}`).toBe(`Note: ${typed}`);
    // Words read at run time are not a template literal's.
    expect(() => auditDetail(Object.assign([typed], { raw: [typed] }) as unknown as TemplateStringsArray)).toThrow(TypeError);
    expect(() => (auditDetail as (...args: unknown[]) => AuditDetail)([typed])).toThrow(TypeError);
  });

  it("takes a label or a code only out of its set, and whole numbers only", () => {
    expect(() => labelOf(cancelReasonLabels, "she moved" as never)).toThrow(TypeError);
    expect(() => labelOf(cancelReasonLabels, "toString" as never)).toThrow(TypeError);
    expect(() => codeOf(usStateCodes, "Lisbon" as never)).toThrow(TypeError);
    expect(() => auditDetail`${1.5} days`).toThrow(TypeError);
    expect(() => amountOf(Number.NaN)).toThrow(TypeError);
    expect(() =>
      (auditDetail as (...args: unknown[]) => AuditDetail)(Object.freeze(Object.assign(["", ""], { raw: ["", ""] })), { note: "x" }),
    ).toThrow(TypeError);
  });
});

/** Every TypeScript module under `folder`. */
function modules(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) return modules(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

describe("the modules that write the log", () => {
  const app = path.resolve(__dirname, "../../app");
  const relative = (file: string) => path.relative(app, file).split(path.sep).join("/");

  it("make a detail only in app/funnel/audit.ts (and cut it to length in audit.server.ts): no other module casts a string into one", () => {
    const casting = modules(app)
      .filter((file) => /\bas\s+(unknown\s+as\s+)?(AuditDetail|AuditWord)\b/.test(readFileSync(file, "utf8")))
      .map(relative);
    expect(casting.sort()).toEqual(["funnel/audit.ts", "server/staff/audit.server.ts"]);
  });

  it("append to the log only through audit(), which takes an AuditDetail", () => {
    const appending = modules(app)
      .filter((file) => /\bappendAudit\s*\(/.test(readFileSync(file, "utf8")))
      .map(relative);
    expect(appending.sort()).toEqual(["server/db/stores/audit-log.server.ts", "server/staff/audit.server.ts"]);
  });
});
