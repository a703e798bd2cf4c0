import { describe, expect, it } from "vitest";
import { isToastCode, missingInformationToast, saveFailedToast, toastIn, toasts } from "../../app/funnel/toasts";
import { translator } from "../../app/i18n/messages";
import { tokenToasts } from "../support/tokens";

describe("toasts in the spec's words (spec section 8)", () => {
  it("says Details Loaded when a token fills the pre-checkout form", () => {
    expect(toasts["details-loaded"]).toEqual(tokenToasts["details-loaded"]);
  });

  it("says Account Found when a token fills the final checkout", () => {
    expect(toasts["account-found"]).toEqual(tokenToasts["account-found"]);
  });

  it("says Token Error when a token cannot be read, and sends her on to manual entry", () => {
    expect(toasts["token-error"]).toEqual(tokenToasts["token-error"]);
  });

  it("adds a hint to contact support on the final checkout", () => {
    const variant = toasts["token-error-support"];
    expect(variant).toEqual({
      title: "Token Error",
      description:
        "The token format is invalid or corrupted. Please proceed with manual entry. If this keeps happening, please contact support.",
      tone: "error",
    });
    expect(variant.description.startsWith(toasts["token-error"].description)).toBe(true);
  });

  it("says Missing Information when a pre-checkout field is empty", () => {
    expect(missingInformationToast).toEqual({
      title: "Missing Information",
      description: "Please fill in all required fields.",
      tone: "error",
    });
  });

  it("says why a save failed", () => {
    expect(saveFailedToast("x")).toEqual({ title: "Error", description: "Failed to save your information: x", tone: "error" });
    expect(saveFailedToast().description).toBe(
      "Failed to save your information: our records could not be updated just now. Please try again in a moment.",
    );
  });

  it("knows its flash-cookie codes and nothing else", () => {
    for (const value of ["Details Loaded", "details_loaded", "", undefined, 1, "toString"]) expect(isToastCode(value)).toBe(false);
  });

  it("says each of them in her words, and leaves a toast of other words as it came", () => {
    const es = translator("es");
    expect(toastIn(toasts["details-loaded"], es)).toEqual({
      title: "Datos cargados",
      description: "Su información se completó automáticamente a partir del token seguro.",
      tone: "success",
    });
    expect(toastIn(saveFailedToast(), es).description).toMatch(/^No se pudo guardar su información: /);
    expect(toastIn(toasts["token-error-support"], translator("en"))).toEqual(toasts["token-error-support"]);
    const theirs = saveFailedToast("the provider is down");
    expect(toastIn(theirs, es)).toBe(theirs);
  });
});
