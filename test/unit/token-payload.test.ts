import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readTokenPayload } from "../../app/funnel/token-payload";

const uuid = "2b0f5a4e-8a6c-4f3e-9d1b-7c2e4a6b8d10";
const minimal = { responder_uuid: uuid, email: "maria@example.com" };

describe("token payload", () => {
  it("reads every field of the snake_case spelling", () => {
    expect(
      readTokenPayload({
        responder_uuid: uuid,
        first_name: "Maria",
        last_name: "Lopez",
        email_address: "maria@example.com",
        phone: "+1 555 0100",
        product_id: "gel",
        selected_plan: "yearly",
      }),
    ).toEqual({
      responderUuid: uuid,
      firstName: "Maria",
      lastName: "Lopez",
      email: "maria@example.com",
      phone: "+1 555 0100",
      productIds: ["gel"],
      selectedPlan: "yearly",
    });
  });

  it("reads the camelCase spelling, which wins over snake_case when both are given", () => {
    expect(
      readTokenPayload({
        ...minimal,
        firstName: "Maria",
        first_name: "Mary",
        lastName: "Lopez",
        last_name: "Lopes",
        email: "maria@example.com",
        email_address: "mary@example.com",
      }),
    ).toMatchObject({ firstName: "Maria", lastName: "Lopez", email: "maria@example.com" });
  });

  it("falls back to snake_case when the camelCase value is blank or not text", () => {
    expect(
      readTokenPayload({
        responder_uuid: uuid,
        firstName: "  ",
        first_name: "Mary",
        lastName: 7,
        last_name: "Lopes",
        email: "",
        email_address: "mary@example.com",
      }),
    ).toMatchObject({ firstName: "Mary", lastName: "Lopes", email: "mary@example.com" });
  });

  it("trims every field and leaves out blank or non-text ones", () => {
    const details = readTokenPayload({
      responder_uuid: `  ${uuid} `,
      firstName: "  Maria ",
      lastName: "   ",
      email: " maria@example.com\n",
      phone: 5550100,
    });
    expect(details).toEqual({
      responderUuid: uuid,
      firstName: "Maria",
      email: "maria@example.com",
      productIds: [],
      selectedPlan: "quarterly",
    });
    expect(details).not.toHaveProperty("lastName");
    expect(details).not.toHaveProperty("phone");
  });

  it("caps the length of names, email and phone", () => {
    const details = readTokenPayload({
      responder_uuid: uuid,
      firstName: "a".repeat(150),
      lastName: "b".repeat(99) + " c",
      email: "e".repeat(300),
      phone: "1".repeat(50),
    });
    expect(details?.firstName).toBe("a".repeat(100));
    expect(details?.lastName).toBe("b".repeat(99)); // the space left at the cut is trimmed
    expect(details?.email).toBe("e".repeat(254));
    expect(details?.phone).toBe("1".repeat(40));
  });

  it("never cuts an emoji in half at the cap", () => {
    expect(readTokenPayload({ ...minimal, firstName: "a".repeat(99) + "😀" })?.firstName).toBe("a".repeat(99));
  });

  describe("product_id", () => {
    it("is a list of one for a single id, and empty when absent or not text", () => {
      expect(readTokenPayload({ ...minimal, product_id: " gel " })?.productIds).toEqual(["gel"]);
      expect(readTokenPayload(minimal)?.productIds).toEqual([]);
      expect(readTokenPayload({ ...minimal, product_id: 12 })?.productIds).toEqual([]);
      expect(readTokenPayload({ ...minimal, product_id: "  " })?.productIds).toEqual([]);
    });

    it("keeps a list in order, without blanks, non-text ids or repeats", () => {
      expect(
        readTokenPayload({ ...minimal, product_id: ["gel", "", 3, null, "progesterone_pill", " gel", { id: "x" }] })?.productIds,
      ).toEqual(["gel", "progesterone_pill"]);
    });

    it("keeps at most 20 ids of at most 100 characters each", () => {
      const ids = Array.from({ length: 30 }, (_, i) => `product_${i}`);
      expect(readTokenPayload({ ...minimal, product_id: ids })?.productIds).toEqual(ids.slice(0, 20));
      expect(readTokenPayload({ ...minimal, product_id: ["p".repeat(120)] })?.productIds).toEqual(["p".repeat(100)]);
    });
  });

  describe("selected_plan", () => {
    it.each([
      [undefined, "quarterly"],
      ["monthly", "monthly"],
      ["6_month", "6_month"],
      [" yearly ", "yearly"],
      ["weekly", "quarterly"],
      ["Monthly", "quarterly"],
      [3, "quarterly"],
    ])("%j is read as %s", (given, plan) => {
      expect(readTokenPayload({ ...minimal, selected_plan: given })?.selectedPlan).toBe(plan);
    });
  });

  describe("responder_uuid", () => {
    it("is lower-cased", () => {
      expect(readTokenPayload({ ...minimal, responder_uuid: uuid.toUpperCase() })?.responderUuid).toBe(uuid);
    });

    it.each([
      ["missing", undefined],
      ["blank", " "],
      ["not a uuid", "welcome"],
      ["a uuid with more after it", `${uuid}0`],
      ["a number", 42],
      ["only in camelCase", "camel"],
    ])("refuses the payload when it is %s", (_, given) => {
      const payload = given === "camel" ? { responderUuid: uuid, email: "maria@example.com" } : { ...minimal, responder_uuid: given };
      expect(readTokenPayload(payload)).toBeUndefined();
    });
  });

  it.each([
    ["missing", {}],
    ["blank", { email: "  " }],
    ["not text", { email: ["maria@example.com"] }],
    ["blank in both spellings", { email: "", email_address: " " }],
  ])("refuses the payload when the email is %s", (_, fields) => {
    expect(readTokenPayload({ responder_uuid: uuid, ...fields })).toBeUndefined();
  });

  it.each([null, undefined, "text", 42, [minimal]])("refuses %j as a payload", (payload) => {
    expect(readTokenPayload(payload)).toBeUndefined();
  });

  it("reads only the payload's own fields", () => {
    expect(readTokenPayload(Object.create(minimal))).toBeUndefined();
  });

  it("never throws, and what it returns has an email and a well-formed uuid", () => {
    const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const text = fc.oneof(fc.string(), fc.string({ unit: "grapheme" }), fc.constantFrom("", " ", "\t\n"));
    const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(fc.oneof(arb, fc.anything()), { nil: undefined });
    const payload = fc.record(
      {
        responder_uuid: fc.oneof(
          fc.uuid({ version: [1, 4, 7, 8] }),
          fc.uuid().map((u) => ` ${u.toUpperCase()} `),
          text,
          fc.anything(),
        ),
        firstName: maybe(text),
        first_name: maybe(text),
        lastName: maybe(text),
        last_name: maybe(text),
        email: maybe(fc.oneof(fc.emailAddress(), text)),
        email_address: maybe(text),
        phone: maybe(text),
        product_id: maybe(fc.oneof(text, fc.array(text))),
        selected_plan: maybe(text),
      },
      { requiredKeys: [] },
    );
    let read = 0;
    fc.assert(
      fc.property(payload, (given) => {
        const details = readTokenPayload(given);
        if (details === undefined) return;
        read++;
        expect(details.email.trim()).not.toBe("");
        expect(details.responderUuid).toMatch(uuidPattern);
        expect(details.productIds.length).toBeLessThanOrEqual(20);
      }),
      { numRuns: 500 },
    );
    // The property would hold vacuously if no generated payload were ever read.
    expect(read).toBeGreaterThan(10);
  });
});
