// "Find a customer": what a typed line becomes (an email, a phone number, a name, or a message),
// and the reason support gives for cancelling for her.
import { describe, expect, it } from "vitest";
import { cancelForHerSchema, cancelNoteMaxLength, cancelReasonDetail } from "../../app/funnel/cancel-for-her";
import { finderMessages, looksLikeReference, phoneDigits, readFinderInput } from "../../app/funnel/customer-finder";

const search = (typed: string) => readFinderInput(typed, true);

describe("reading the finder's line", () => {
  it("reads an email whatever its case and spaces around it", () => {
    expect(search("  Jane.Doe@Example.ORG ")).toEqual({ kind: "search", query: { by: "email", email: "jane.doe@example.org" } });
    expect(search("jane@")).toEqual({ kind: "refused", message: finderMessages.email, status: 400 });
  });

  it("reads a US phone number as its ten digits, with or without the country code", () => {
    for (const typed of ["+1 (212) 555-0123", "(212) 555-0123", "212.555.0123", "2125550123", "1 212 555 0123"]) {
      expect(search(typed), typed).toEqual({ kind: "search", query: { by: "phone", digits: "2125550123" } });
    }
    expect(phoneDigits("+44 20 7946 0018")).toBe("442079460018");
    expect(search("555 0123")).toEqual({ kind: "refused", message: finderMessages.phone, status: 400 });
  });

  it("reads a name in lower case with single spaces, at least two letters", () => {
    expect(search("  Mary   Ann O’Neil-Smith ")).toEqual({ kind: "search", query: { by: "name", name: "mary ann o’neil-smith" } });
    expect(search("Zoë")).toEqual({ kind: "search", query: { by: "name", name: "zoë" } });
    expect(search("J")).toEqual({ kind: "refused", message: finderMessages.short, status: 400 });
    expect(search("J.")).toEqual({ kind: "refused", message: finderMessages.short, status: 400 });
    expect(search("Jane; drop")).toEqual({ kind: "refused", message: finderMessages.unreadable, status: 400 });
  });

  it("keeps the reference's messages where the line is typed as one", () => {
    expect(looksLikeReference("MC-7KQ2")).toBe(true);
    expect(looksLikeReference("mc 7kq2 94")).toBe(true);
    expect(looksLikeReference("McKenzie")).toBe(false);
    expect(search("MC-7KQ2")).toEqual({ kind: "refused", message: finderMessages.malformed, status: 400 });
    // A well-formed reference that no order has: not found, unless it could be her name.
    expect(search("MC-2222-2222")).toEqual({ kind: "refused", message: finderMessages.notFound, status: 404 });
    expect(search("Margaret")).toEqual({ kind: "search", query: { by: "name", name: "margaret" } });
    expect(search("McKenzie")).toEqual({ kind: "search", query: { by: "name", name: "mckenzie" } });
  });

  it("bounds the line and asks for something when it is empty", () => {
    expect(search("   ")).toEqual({ kind: "refused", message: finderMessages.missing, status: 400 });
    expect(search("a".repeat(101))).toEqual({ kind: "refused", message: finderMessages.long, status: 400 });
    expect(search("a".repeat(100)).kind).toBe("search");
  });

  it("reads only references for a person who may not see her details, with the messages as they were", () => {
    expect(readFinderInput("", false)).toEqual({ kind: "refused", message: finderMessages.missingReference, status: 400 });
    expect(readFinderInput("jane@example.org", false)).toEqual({ kind: "refused", message: finderMessages.malformed, status: 400 });
    expect(readFinderInput("MC-2222-2222", false)).toEqual({ kind: "refused", message: finderMessages.notFound, status: 404 });
  });
});

describe("the reason for cancelling for her", () => {
  const parse = (form: Record<string, unknown>) => cancelForHerSchema.safeParse(form);

  it("takes a reason from the list, and for Other a note", () => {
    expect(parse({ reason: "phone" }).success).toBe(true);
    expect(parse({ reason: "refund-please" }).success).toBe(false);
    expect(parse({ reason: "other" }).error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["note", "Enter a note saying why: Other needs one."],
    ]);
    expect(parse({ reason: "other", note: "   " }).success).toBe(false);
    expect(parse({ reason: "other", note: "x".repeat(cancelNoteMaxLength + 1) }).success).toBe(false);
  });

  it("gives the audit row the reason's label alone: the note stays with the cancel", () => {
    expect(cancelReasonDetail("phone")).toBe("She asked by phone");
    expect(cancelReasonDetail("other")).toBe("Other");
  });
});
