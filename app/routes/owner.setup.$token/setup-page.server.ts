// The setup page's server side: what an open link shows, and what its form does (a password
// and a first authenticator code; then ten recovery codes, shown once). Tried a limited number
// of times per address, as the sign-in is.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { z } from "zod";
import { homeOf, passwordMessages, passwordRules, staffRoleLabels } from "../../funnel/staff";
import { setupLinkRefusal } from "../../funnel/staff-setup";
import { formRefusal, retryAfter } from "../../server/http/form-refusal.server";
import { refusePage } from "../../server/http/page-refusal.server";
import { countHit, rateLimits } from "../../server/http/rate-limits.server";
import { completeSetup, setupPage } from "../../server/staff/staff-accounts.server";
import { signInHeaders, tooManySignInsMessage } from "../owner._index/sign-in.server";
import { codeMessages } from "../owner.two-step/two-step-page.server";

/** Neither is ever sent back to the page. */
const hidden = ["password", "code"];

export const setupSchema = z.object({
  // No trimming: a password is what was typed. The rules (passwordProblem) need the person's email.
  password: z
    .string()
    .max(passwordRules.maxLength * 4, passwordMessages.long)
    .default(""),
  // An empty code is answered with the password's rule, together (completeSetup).
  code: z.string().trim().max(40, codeMessages.wrongEnrol).default(""),
});

/**
 * An open link's page: who it is for, and the authenticator to enrol. A closed one answers
 * 404 with the refusal as data, not thrown: after a setup this page's loader runs again on a
 * link now used, and a thrown refusal would hide the recovery codes the action answered with.
 */
export async function setupPageData(token: string | undefined) {
  const page = await setupPage(token ?? "");
  if (!page) return data({ open: false as const, message: setupLinkRefusal }, { status: 404 });
  return data({
    open: true as const,
    name: page.name,
    role: staffRoleLabels[page.role],
    enrolment: { qrSvg: page.qrSvg, secretText: page.secretText, email: page.email },
  });
}

export async function setupAction(request: Request, token: string | undefined, formData: FormData) {
  const wait = await countHit(request, undefined, rateLimits.consoleSignIn);
  if (wait > 0) {
    return data({ lastResult: formRefusal(formData, tooManySignInsMessage(wait), hidden) }, { status: 429, headers: retryAfter(wait) });
  }
  const submission = parseWithZod(formData, { schema: setupSchema });
  if (submission.status !== "success") return data({ lastResult: submission.reply({ hideFields: hidden }) }, { status: 400 });
  const outcome = await completeSetup(request, token ?? "", submission.value);
  switch (outcome.status) {
    case "closed":
      return refusePage(404, setupLinkRefusal, "/owner", undefined, "Go to sign in");
    case "invalid": {
      // Every field's problem at once, so one more press is enough.
      const fieldErrors: Record<string, string[]> = {};
      if (outcome.password) fieldErrors.password = [outcome.password];
      if (outcome.code) fieldErrors.code = [outcome.code === "missing" ? codeMessages.missing : codeMessages.wrongEnrol];
      return data({ lastResult: submission.reply({ fieldErrors, hideFields: hidden }) }, { status: 400 });
    }
    case "done": {
      // Signed in at once: the code just typed is spent, and asking for the next one thirty
      // seconds later would only look like a wrong code. A status of its own, so the
      // document's status is this answer's, not the loader's 404 for the link now used.
      return data(
        { recoveryCodes: outcome.recoveryCodes, name: outcome.staff.name, next: homeOf(outcome.staff.role) },
        { status: 200, headers: await signInHeaders(request, outcome.staff) },
      );
    }
  }
}
