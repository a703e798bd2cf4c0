// "Change your password"'s server side: every person of the console, whatever their role. A
// refusal answers the page again with each field's problem (no password ever sent back); a
// change answers a 303 to this page with a notice, carrying this sign-in's new cookie.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { z } from "zod";
import { passwordRules } from "../../funnel/staff";
import { formRefusal, retryAfter } from "../../server/http/form-refusal.server";
import { refusePage } from "../../server/http/page-refusal.server";
import { changeOwnPassword, ownPasswordMessages, tooManyPasswordChecksMessage } from "../../server/staff/own-password.server";
import { redirectWithNotice, takeNotice, type StaffSession } from "../../server/staff/staff-session.server";

export const passwordAddress = "/owner/password";

/** None is ever sent back to the page. */
const hidden = ["current", "password", "confirm"];

/** Longer than any password we accept: a bound before anything is hashed. */
const typedBound = z
  .string()
  .max(passwordRules.maxLength * 4, `Enter a password of ${passwordRules.maxLength} characters or fewer.`)
  .default("");

// No trimming: a password is what was typed. The rules (passwordProblem) need the person's email.
export const ownPasswordSchema = z.object({ current: typedBound, password: typedBound, confirm: typedBound });

export async function passwordPage(session: StaffSession) {
  const { notice, headers } = await takeNotice(session);
  return data({ notice }, { headers });
}

export async function passwordAction(session: StaffSession, request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: ownPasswordSchema });
  if (submission.status !== "success") return data({ lastResult: submission.reply({ hideFields: hidden }) }, { status: 400 });
  const outcome = await changeOwnPassword(request, session, submission.value);
  switch (outcome.status) {
    case "too many":
      return data(
        { lastResult: formRefusal(formData, tooManyPasswordChecksMessage(outcome.retryAfterSeconds), hidden) },
        { status: 429, headers: retryAfter(outcome.retryAfterSeconds) },
      );
    case "changed meanwhile":
      return refusePage(409, ownPasswordMessages.changedMeanwhile, "/owner", undefined, "Go to sign in");
    case "invalid": {
      const fieldErrors: Record<string, string[]> = {};
      for (const name of ["current", "password", "confirm"] as const) if (outcome[name]) fieldErrors[name] = [outcome[name]];
      return data({ lastResult: submission.reply({ fieldErrors, hideFields: hidden }) }, { status: 400 });
    }
    case "changed": {
      const others = outcome.otherSessionsEnded;
      const ended = others === 0 ? "" : ` Your ${others === 1 ? "other sign-in has" : `${others} other sign-ins have`} ended.`;
      return redirectWithNotice(session, passwordAddress, {
        tone: "success",
        text: `Your password is changed. You are still signed in here.${ended}`,
      });
    }
  }
}
