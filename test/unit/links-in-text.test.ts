// Her note to her doctor goes out under our name, so it carries no link: what counts as one
// is what a mail program would make clickable, however it is disguised; what a patient
// writes about a dose, a date or her symptoms is not.
import { describe, expect, it } from "vitest";
import { firstLinkIn } from "../../app/funnel/links-in-text";

describe("links in her note", () => {
  it.each([
    ["Please see https://evil.example/claim now", "https://evil.example/claim"],
    ["HTTP://EVIL.EXAMPLE", "HTTP://EVIL.EXAMPLE"],
    ["ftp://files.example/x", "ftp://files.example/x"],
    ["write to mailto:prize@winner.example", "mailto:prize@winner.example"],
    ["go to www.example.com.", "www.example.com"],
    ["go to WWW.example", "WWW.example"],
    ["Claim your prize at example.com!", "example.com"],
    ["clinic.co.uk/offers", "clinic.co.uk/offers"],
    ["(see prize.click)", "prize.click"],
    ["bücher.de", "bücher.de"],
    ["xn--bcher-kva.de", "xn--bcher-kva.de"],
    ["reply to prize@winner.example", "prize@winner.example"],
    ["jane.doe+dr@mail.example.org please", "jane.doe+dr@mail.example.org"],
    ["odd start x!@prize.example", "prize.example"],
    ["a.-b.example.com", "b.example.com"],
    ["a.b.c.d.e.f.g.h.i.j.example.com", "c.d.e.f.g.h.i.j.example.com"],
  ])("finds the link in %j", (note, found) => {
    expect(firstLinkIn(note)).toBe(found);
  });

  it("sees through disguises a mail program would undo: invisible characters, full-width letters, other scripts' dots", () => {
    expect(firstLinkIn("exa\u200Bmple.com")).toBe("example.com");
    expect(firstLinkIn("ｅｘａｍｐｌｅ．ｃｏｍ")).toBe("example.com");
    expect(firstLinkIn("example\u3002com")).toBe("example.com");
    expect(firstLinkIn("evil\u00AD.com")).toBe("evil.com");
  });

  it("names the first link when there are several, and keeps a long one short", () => {
    expect(firstLinkIn("a.example then https://b.example")).toBe("a.example");
    const long = `https://example.com/${"x".repeat(200)}`;
    expect(firstLinkIn(long)).toHaveLength(60);
    expect(firstLinkIn(long)!.endsWith("...")).toBe(true);
  });

  it.each([
    "Could we talk about this at my next visit?",
    "I take 0.05 mg and 2.5mg twice a day, e.g. with breakfast, i.e. at 8 a.m. and 8 p.m.",
    "Dr. Smith, my hot flashes are worse (about 10/day). Ph.D. friend says U.S. rules differ.",
    "Sleep: bad. Mood: fine. Weight 150 lbs.",
    "Call me at 555-123-4567 or on 555.123.4567",
    "My last test was on 12.03.2024 at 9:30",
    "",
  ])("lets an ordinary note through: %j", (note) => {
    expect(firstLinkIn(note)).toBeUndefined();
  });
});
