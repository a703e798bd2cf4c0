// Every form page reads its action's Conform reply without Conform's client. These pin the
// reader to what Conform's useForm showed: the same values, messages and ids, from real
// `submission.reply()` results.
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  firstControlInError,
  formFields,
  formView,
  replyErrors,
  replyValues,
  summaryOf,
  type FormReply,
} from "../../app/components/form-reply";
import { finalCheckoutSchema } from "../../app/funnel/final-checkout";
import { translateReply, translator } from "../../app/i18n/messages";

/** Her post, as a form sends it. */
function post(fields: Record<string, string>): FormData {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  return formData;
}

/** The hidden fields the action leaves out of its reply (final-checkout-actions.server.ts). */
const hideFields = ["securityCode", "attemptKey", "intent", "paymentMethodId"];

const typed = {
  firstName: "Jane",
  lastName: "Doe",
  email: "jane@example.org",
  phone: "(212) 555-0123",
  addressLine1: "",
  addressLine2: "Apt 4",
  zipCode: "",
  state: "",
  city: "",
  cardNumber: "4242 4242 4242 4242",
  expiry: "12/30",
  securityCode: "123",
  attemptKey: "attempt-1",
  intent: "complete-purchase",
};

const defaults = { firstName: "Saved", email: "saved@example.org", addressLine1: "9 Old Road", subscriptionAgreement: "on" };

describe("replyValues", () => {
  it("shows the page's defaults before any answer, dropping empty ones", () => {
    expect(replyValues(undefined, { ...defaults, city: "" })).toEqual(defaults);
    expect(replyValues(null, defaults)).toEqual(defaults);
  });

  it("after a refusal, shows what she typed but never the security code, and not the defaults", () => {
    const reply = parseWithZod(post(typed), { schema: finalCheckoutSchema }).reply({ hideFields });
    expect(replyValues(reply, defaults)).toEqual({
      firstName: "Jane",
      lastName: "Doe",
      email: "jane@example.org",
      phone: "(212) 555-0123",
      addressLine2: "Apt 4",
      cardNumber: "4242 4242 4242 4242",
      expiry: "12/30",
    });
  });

  it("keeps a box she unticked unticked (the reply replaces the defaults whole)", () => {
    const reply = parseWithZod(post({ firstName: "Jane" }), { schema: z.looseObject({}) }).reply({ formErrors: ["No"] });
    expect(replyValues(reply, defaults).subscriptionAgreement).toBeUndefined();
  });

  it("falls back to the defaults on a reply without values (a reset) and reads defaults as Conform does", () => {
    expect(replyValues({ initialValue: null }, defaults)).toEqual(defaults);
    expect(replyValues(undefined, { on: true, off: false, count: 3, list: ["a", "b"], none: null })).toEqual({
      on: "on",
      count: "3",
      list: "a",
    });
  });
});

describe("replyErrors", () => {
  it("reads the field messages of a refusal, and the form's own under the empty name", () => {
    // As the page's action answers her: the schema's catalogue ids in her (English) words.
    const reply = translateReply(
      translator("en"),
      parseWithZod(post(typed), { schema: finalCheckoutSchema }).reply({
        hideFields,
        fieldErrors: { cardNumber: ["Enter a valid card number"] },
      }),
    );
    const errors = replyErrors(reply);
    expect(errors.addressLine1).toEqual(["Enter the first line of your address"]);
    expect(errors.zipCode).toEqual(["Enter your ZIP code"]);
    expect(errors.cardNumber).toEqual(["Enter a valid card number"]);
    expect(errors.firstName).toBeUndefined();
    expect(errors[""]).toBeUndefined();

    const refused = parseWithZod(post(typed), { schema: z.looseObject({}) }).reply({
      hideFields,
      formErrors: ["Your card was declined."],
    });
    expect(replyErrors(refused)).toEqual({ "": ["Your card was declined."] });
  });

  it("has none without an answer, or for an answer with no messages", () => {
    expect(replyErrors(undefined)).toEqual({});
    expect(replyErrors({ status: "success", error: { city: null, state: [] } } satisfies FormReply)).toEqual({});
  });
});

describe("formFields and summaryOf", () => {
  it("gives each field Conform's ids, its first value and its messages, in the order asked", () => {
    const fields = formFields(
      "final-checkout",
      ["firstName", "city", "state"] as const,
      { firstName: "Jane" },
      {
        state: ["Select your state"],
        city: ["Enter your city"],
      },
    );
    expect(fields.firstName).toEqual({
      id: "final-checkout-firstName",
      name: "firstName",
      formId: "final-checkout",
      errorId: "final-checkout-firstName-error",
      initialValue: "Jane",
      errors: undefined,
    });
    expect(summaryOf([fields.firstName, fields.city, fields.state])).toEqual([
      { fieldId: "final-checkout-city", message: "Enter your city" },
      { fieldId: "final-checkout-state", message: "Select your state" },
    ]);
  });
});

describe("firstControlInError", () => {
  const control = (tagName: string, name: string, type = "text") => ({ tagName, name, type });

  it("is the first input, select or textarea in form order whose field has a message", () => {
    const controls = [
      control("INPUT", "attemptKey", "hidden"),
      control("INPUT", "firstName"),
      control("SELECT", "state", "select-one"),
      control("INPUT", "city"),
    ];
    expect(firstControlInError(controls, { city: ["x"], state: ["y"] })).toBe(controls[2]);
  });

  it("skips buttons and hidden inputs, and finds nothing for the form's own message", () => {
    const controls = [control("INPUT", "intent", "hidden"), control("BUTTON", "intent", "submit"), control("INPUT", "intent", "submit")];
    expect(firstControlInError(controls, { intent: ["x"] })).toBeUndefined();
    expect(firstControlInError([control("INPUT", "firstName")], { "": ["Your card was declined."] })).toBeUndefined();
  });
});

describe("formView", () => {
  it("lists the fields in error in the order of the names, and the form's own messages apart", () => {
    const reply = parseWithZod(post({ ...typed, zipCode: "", state: "" }), { schema: finalCheckoutSchema }).reply({
      hideFields,
      formErrors: ["Too many attempts"],
    });
    const names = ["firstName", "state", "zipCode", "addressLine1"] as const;
    const view = formView("final-checkout", names, replyValues(reply, defaults), replyErrors(reply));
    expect(view.summary.map((entry) => entry.fieldId)).toEqual([
      "final-checkout-state",
      "final-checkout-zipCode",
      "final-checkout-addressLine1",
    ]);
    expect(view.formErrors).toEqual(["Too many attempts"]);
    expect(view.fields.firstName.initialValue).toBe("Jane");
  });

  it("has no summary and no messages before any answer", () => {
    const view = formView("welcome", ["reason"] as const, replyValues(undefined, {}), replyErrors(undefined));
    expect(view).toMatchObject({ summary: [], formErrors: [], errors: {} });
  });
});

describe("the ids are Conform's", () => {
  it("gives each field the id and error id that Conform's useForm gives it", () => {
    const reply = parseWithZod(post({ email: "" }), { schema: z.object({ email: z.string({ error: "Enter" }) }) }).reply();
    let conform: { id: string; errorId: string; errors: string[] | undefined; initialValue: unknown } | undefined;
    function WithConform() {
      const [, fields] = useForm<{ email: string }>({ id: "social-proof", lastResult: reply });
      conform = fields.email;
      return null;
    }
    renderToStaticMarkup(createElement(WithConform));
    const { email } = formFields("social-proof", ["email"] as const, replyValues(reply, {}), replyErrors(reply));
    expect(email.errors).toEqual(["Enter"]);
    expect({ id: email.id, errorId: email.errorId, errors: email.errors }).toEqual({
      id: conform?.id,
      errorId: conform?.errorId,
      errors: conform?.errors,
    });
  });
});
