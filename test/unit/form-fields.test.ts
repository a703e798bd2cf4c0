// The form components draw the GOV.UK pattern from a field of the reply: label, hint, message
// with "Error: " for screen readers, and the control tied to them by aria attributes.
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ErrorSummary } from "../../app/components/error-summary";
import { CheckboxField, Field, SelectField, controlWiring } from "../../app/components/field";
import { formFields, type FieldView } from "../../app/components/form-reply";
import { inLanguage } from "../support/in-language";

const { email, state, agreement } = formFields(
  "checkout",
  ["email", "state", "agreement"] as const,
  { email: "jane@example.org", state: "NY" },
  { email: ["Enter a valid email"], agreement: ["Agree to the terms"] },
);
const calm: FieldView = { ...email, errors: undefined };

describe("controlWiring", () => {
  it("names the message first, then the hint, and marks the control invalid", () => {
    expect(controlWiring(email, "checkout-email-hint")).toEqual({
      id: "checkout-email",
      name: "email",
      form: "checkout",
      "aria-invalid": true,
      "aria-describedby": "checkout-email-error checkout-email-hint",
    });
  });

  it("names only the hint, if any, while the field has no message", () => {
    expect(controlWiring(calm, "checkout-email-hint")["aria-describedby"]).toBe("checkout-email-hint");
    expect(controlWiring(calm)).toMatchObject({ "aria-invalid": undefined, "aria-describedby": undefined });
  });
});

describe("Field", () => {
  it("draws label, mark, hint and message, and keeps what she typed", () => {
    const html = renderToStaticMarkup(
      inLanguage(
        h(Field, { field: email, label: "E-mail", type: "email", autoComplete: "email", hint: "For your receipt", required: true }),
      ),
    );
    expect(html).toContain('<div class="field has-error">');
    expect(html).toContain('<label for="checkout-email">E-mail<span class="required-mark" aria-hidden="true"> *</span></label>');
    expect(html).toContain('<p class="hint" id="checkout-email-hint">For your receipt</p>');
    expect(html).toContain(
      '<p class="field-error" id="checkout-email-error"><span class="visually-hidden">Error: </span>Enter a valid email</p>',
    );
    expect(html).toContain('aria-describedby="checkout-email-error checkout-email-hint"');
    expect(html).toContain('value="jane@example.org"');
    expect(html).toMatch(/required=""/);
  });

  it("can be required without the asterisk (a form's only question)", () => {
    const html = renderToStaticMarkup(
      inLanguage(h(Field, { field: calm, label: "Email", autoComplete: "email", required: true, requiredMark: false })),
    );
    expect(html).not.toContain("required-mark");
    expect(html).toMatch(/required=""/);
  });
});

describe("SelectField", () => {
  it("is drawn in the same box, with the empty choice first and the value chosen", () => {
    const html = renderToStaticMarkup(
      inLanguage(
        h(SelectField, {
          field: state,
          label: "State",
          autoComplete: "address-level1",
          emptyChoice: "Select a state",
          options: [["NY", "New York"]],
        }),
      ),
    );
    expect(html).toMatch(/^<div class="field"><label for="checkout-state">State<\/label><select id="checkout-state" name="state"/);
    expect(html).toContain('<option value="">Select a state</option><option value="NY" selected="">New York</option>');
  });
});

describe("CheckboxField", () => {
  it("puts its message above the box and names the message, then what it agrees to", () => {
    const html = renderToStaticMarkup(
      inLanguage(
        h(
          CheckboxField,
          { field: agreement, label: "I agree", className: "agreement", describedBy: "terms" },
          h("p", { id: "terms" }, "Terms"),
        ),
      ),
    );
    expect(html).toMatch(/^<div class="field agreement has-error"><p class="field-error" id="checkout-agreement-error">/);
    expect(html).toContain('aria-describedby="checkout-agreement-error terms"');
    expect(html).toContain('<p id="terms">Terms</p>');
  });
});

describe("ErrorSummary", () => {
  it("draws nothing when all is well", () => {
    expect(renderToStaticMarkup(inLanguage(h(ErrorSummary, { summary: [] })))).toBe("");
  });

  it("lists the form's own messages without a link, then links to each field in error", () => {
    const summary = h(ErrorSummary, {
      summary: [{ fieldId: "checkout-email", message: "Enter a valid email" }],
      formErrors: ["Too many attempts"],
    });
    const html = renderToStaticMarkup(inLanguage(summary));
    expect(html).toContain('role="alert"');
    expect(html).toContain('<h2 id="error-summary-title">There is a problem</h2>');
    expect(renderToStaticMarkup(inLanguage(summary, "es"))).toContain('<h2 id="error-summary-title">Hay un problema</h2>');
    expect(html).toContain('<ul><li>Too many attempts</li><li><a href="#checkout-email">Enter a valid email</a></li></ul>');
  });
});
