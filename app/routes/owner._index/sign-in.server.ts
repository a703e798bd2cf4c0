// The owner's sign-in: its limit and its form.
import { z } from "zod";
import { countedClientAddress, countHit, rateLimits } from "../../server/rate-limits.server";

export const signInMessages = {
  missing: "Enter the password.",
  wrong: "The password is not right.",
} as const;

export const signInSchema = z.object({
  // No trimming: a password is what was typed. Longer than any password we make or accept.
  password: z.string({ error: signInMessages.missing }).min(1, signInMessages.missing).max(1024, signInMessages.wrong),
});

/**
 * Counts one try and says how many seconds to wait when the limit holds (else 0): by the
 * client's address, or, where addresses cannot be told apart, in the one shared bucket.
 */
export function countSignInAttempt(request: Request): Promise<number> {
  return countedClientAddress(request)
    ? countHit(request, undefined, rateLimits.ownerSignIn)
    : countHit(request, "owner-sign-in", rateLimits.ownerSignInUnaddressed);
}
