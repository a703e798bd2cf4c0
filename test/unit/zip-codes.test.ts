// The Zip Code against the State: the ZIP's own state named when they differ, ZIP+4 read as
// its five digits, and a ZIP the data does not know let through.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fiveDigitZip, zipStateProblem, type ZipLookup } from "../../app/funnel/zip-codes";
import { usStateCodes } from "../../app/funnel/us-states";
import { lookUpZip } from "../../app/server/checkout/zip-codes.server";

const known: ZipLookup = (zip) => ({ "97206": { city: "Portland", state: "OR" }, "10001": { city: "New York", state: "NY" } })[zip];

describe("the ZIP against the state", () => {
  it("says where the ZIP is when the state differs", () => {
    expect(zipStateProblem("97206", "NY", known)).toBe("ZIP code 97206 is in Oregon. Check the ZIP code or the state.");
  });

  it("accepts a ZIP in its own state, with or without the four extra digits", () => {
    expect(zipStateProblem("97206", "OR", known)).toBeNull();
    expect(zipStateProblem("97206-1234", "OR", known)).toBeNull();
    expect(zipStateProblem(" 10001 ", "NY", known)).toBeNull();
  });

  it("lets a ZIP the data does not know through, and leaves a malformed one to the field's own message", () => {
    expect(zipStateProblem("99999", "OR", known)).toBeNull();
    expect(zipStateProblem("9720", "NY", known)).toBeNull();
    expect(fiveDigitZip("9720")).toBeUndefined();
  });

  it("refuses exactly the states that are not the ZIP's", () => {
    fc.assert(
      fc.property(fc.constantFrom(...usStateCodes), (state) => {
        expect(zipStateProblem("97206", state, known) === null).toBe(state === "OR");
      }),
    );
  });
});

describe("the kept ZIP data", () => {
  it("knows real ZIPs and their states", () => {
    expect(lookUpZip("97206")).toEqual({ city: "Portland", state: "OR" });
    expect(lookUpZip("10001")?.state).toBe("NY");
    expect(lookUpZip("39201")?.state).toBe("MS");
    expect(lookUpZip("00000")).toBeUndefined();
  });
});
