// The owner's sign-in: its form and its messages. How often it may be tried:
// app/server/owner/sign-in-throttle.server.ts.
import { z } from "zod";
import { waitInMinutes } from "../../funnel/rate-limits";

export const signInMessages = {
  missing: "Enter the password.",
  wrong: "The password is not right.",
} as const;

/** Over a sign-in limit: above the form. */
export function tooManySignInsMessage(retryAfterSeconds: number): string {
  return `Too many sign-in attempts. Please wait ${waitInMinutes(retryAfterSeconds)} and try again.`;
}

export const signInSchema = z.object({
  // No trimming: a password is what was typed. Longer than any password we make or accept.
  password: z.string({ error: signInMessages.missing }).min(1, signInMessages.missing).max(1024, signInMessages.wrong),
});
