import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { concernCodes, motivationCodes } from "../../app/funnel/questionnaire";
import { concernsSchema, socialProofSchema, welcomeSchema } from "../../app/funnel/schemas";
import { translateReply, translator } from "../../app/i18n/messages";

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe("welcome and concerns: exactly one option (spec section 5)", () => {
  it.each(motivationCodes)("accepts the motivation %s", (code) => {
    const submission = parseWithZod(form([["reason", code]]), { schema: welcomeSchema });
    expect(submission.status).toBe("success");
  });

  it.each(concernCodes)("accepts the concern %s", (code) => {
    expect(parseWithZod(form([["concern", code]]), { schema: concernsSchema }).status).toBe("success");
  });

  it.each([
    ["no option", []],
    [
      "two options",
      [
        ["reason", "nothing_else_has_helped"],
        ["reason", "im_ready_to_take_control"],
      ],
    ],
    ["an unknown code", [["reason", "drop table"]]],
    ["a concern code on the welcome step", [["reason", "im_worried_about_the_cost"]]],
  ] as [string, [string, string][]][])("refuses %s with one clear message", (_, entries) => {
    const submission = parseWithZod(form(entries), { schema: welcomeSchema });
    expect(submission.status).toBe("error");
    // The schema gives a catalogue id; her reply reads it in her language.
    expect(translateReply(translator("en"), submission.reply()).error?.reason).toEqual(["Select one option to continue"]);
    expect(translateReply(translator("es"), submission.reply()).error?.reason).toEqual(["Seleccione una opción para continuar"]);
  });
});

describe("social proof email (spec section 5)", () => {
  it("trims the email", () => {
    const submission = parseWithZod(form([["email", "  jane@example.org "]]), { schema: socialProofSchema });
    expect(submission.status === "success" && submission.value.email).toBe("jane@example.org");
  });

  it.each([[""], ["   "]])("refuses a blank email %j", (email) => {
    const submission = parseWithZod(form([["email", email]]), { schema: socialProofSchema });
    expect(translateReply(translator("en"), submission.reply()).error?.email).toEqual(["Enter your email address"]);
    expect(translateReply(translator("es"), submission.reply()).error?.email).toEqual(["Ingrese su correo electrónico"]);
  });

  it("refuses an email too long to be one", () => {
    const submission = parseWithZod(form([["email", `${"a".repeat(250)}@b.co`]]), { schema: socialProofSchema });
    expect(submission.status).toBe("error");
    expect(translateReply(translator("en"), submission.reply()).error?.email).toEqual(["Email address must be 254 characters or fewer"]);
  });
});
