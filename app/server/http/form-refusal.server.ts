// A form's refusal as a whole (a rate limit, a refused payment): the form's own page again,
// everything she typed kept (less `hideFields`) and the message above the form, the shape of
// its 400 answer, so she can send it again without typing anything. A rate limit's is a 429
// with Retry-After.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { tooManyAttemptsMessage } from "../../funnel/rate-limits";

/** The headers of a 429 answer. */
export function retryAfter(seconds: number): Record<string, string> {
  return { "Retry-After": String(seconds) };
}

const anyFields = z.looseObject({});

/**
 * The form's reply: every posted value as it was (less `hideFields`), and the message as the
 * form's own error, shown above the form and in the page title ("Error: ").
 */
export function formRefusal(formData: FormData, message: string, hideFields: string[] = []): SubmissionResult<string[]> {
  return parseWithZod(formData, { schema: anyFields }).reply({ formErrors: [message], hideFields });
}

/** A refusal of one field (her state, for the treatment she chose): what she typed kept. */
export function fieldRefusal(formData: FormData, field: string, message: string, hideFields: string[] = []): SubmissionResult<string[]> {
  return parseWithZod(formData, { schema: anyFields }).reply({ fieldErrors: { [field]: [message] }, hideFields });
}

/** What she posted, sent back as it was (less `hideFields`), with no message. */
export function formEcho(formData: FormData, hideFields: string[] = []): SubmissionResult<string[]> {
  return parseWithZod(formData, { schema: anyFields }).reply({ hideFields });
}

/** Over the step-post limit. */
export function tooManyAttemptsReply(formData: FormData, retryAfterSeconds: number, hideFields: string[] = []): SubmissionResult<string[]> {
  return formRefusal(formData, tooManyAttemptsMessage(retryAfterSeconds), hideFields);
}
