// The policy's request form: an email, and the same answer whatever it is (a stranger learns
// nothing of who ordered), rate limited per address and per email as her lost link is.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { z } from "zod";
import { maskEmail } from "../../funnel/her-subscription";
import { tooManyAttemptsMessage } from "../../funnel/rate-limits";
import type { MessageId } from "../../i18n/en";
import { translator } from "../../i18n/messages";
import { askForHealthData } from "../../server/health-data/health-data-requests.server";
import { readForm } from "../../server/http/form-body.server";
import { countHit, rateLimits } from "../../server/http/rate-limits.server";
import { Visitor } from "../../server/visitor/visitor.server";

export const policyPageHeaders = { "Cache-Control": "no-store" };

const emailInvalid = "healthData.emailInvalid" satisfies MessageId;

const healthDataRequestSchema = z.object({
  email: z
    .string({ error: emailInvalid })
    .trim()
    .max(254, emailInvalid)
    .pipe(z.email({ error: emailInvalid })),
});

export async function askForData(request: Request) {
  const formData = await readForm(request);
  // Her language as root draws the page: the address's, else her session's; nothing is saved.
  const visitor = await Visitor.open(request);
  const submission = parseWithZod(formData, { schema: healthDataRequestSchema });
  if (submission.status !== "success") {
    return data({ lastResult: visitor.reply(submission.reply()), sentTo: null }, { status: 400, headers: policyPageHeaders });
  }
  const email = submission.value.email.toLowerCase();
  const wait = await countHit(request, `health-data-request:${email}`, rateLimits.healthDataRequest);
  if (wait > 0) {
    return data(
      { lastResult: submission.reply({ formErrors: [tooManyAttemptsMessage(wait, translator(visitor.language))] }), sentTo: null },
      { status: 429, headers: { ...policyPageHeaders, "Retry-After": String(wait) } },
    );
  }
  await askForHealthData(email, visitor.language);
  return data({ lastResult: null, sentTo: maskEmail(email) }, { headers: policyPageHeaders });
}

/**
 * Where the request form posts: this page in its language, opened at the form's section. Without
 * JavaScript the answer is a new page, and its message would otherwise sit far below the top.
 */
export function requestFormAction(request: Request): string {
  const lang = new URL(request.url).searchParams.get("lang");
  const kept = lang === "es" || lang === "en" ? `&lang=${lang}` : "";
  return `/health-data-privacy?index${kept}#health-data-request`;
}
