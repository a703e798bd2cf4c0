// The answer when a rate limit holds (issue 7): 429 with Retry-After. A form step answers with
// its own page again, everything she typed kept and the message above the form (the shape of
// its 400 answer), so she can send it once the wait is over without typing anything again.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { tooManyAttemptsMessage } from "../funnel/rate-limits";

/** The headers of a 429 answer. */
export function retryAfter(seconds: number): Record<string, string> {
  return { "Retry-After": String(seconds) };
}

/**
 * The form's reply: every posted value as it was (less `hideFields`), and the message as the
 * form's own error, shown above the form and in the page title ("Error: ").
 */
export function tooManyAttemptsReply(
  formData: FormData,
  retryAfterSeconds: number,
  hideFields: string[] = [],
): SubmissionResult<string[]> {
  return parseWithZod(formData, { schema: z.looseObject({}) }).reply({
    formErrors: [tooManyAttemptsMessage(retryAfterSeconds)],
    hideFields,
  });
}

export { keepRetryAfter } from "../route-headers";
