// "Medically disqualified", as the console asks it: the owner or a clinician ends her plan
// for a medical reason, with a note. The note is a clinical record kept with the subscription
// (never in the audit log, a log line or her email). Which orders it can end is the state
// machine's rule (subscription-life.ts). Pure.
import { z } from "zod";
import { nextState, type SubscriptionState } from "./subscription-life";

/** A note long enough for a clinical reason, bounded where it enters. */
export const disqualifyNoteMaxLength = 1000;

export const disqualifyMessages = {
  noteMissing: "Enter a note saying why she is medically disqualified.",
  noteLong: `Enter a note of ${disqualifyNoteMaxLength} characters or fewer.`,
  busy: "A payment on this order is moving right now. Nothing was changed yet: please try again in a minute.",
} as const;

/** Characters as a person counts them, not UTF-16 units. */
export const disqualifySchema = z.object({
  note: z
    .string({ error: disqualifyMessages.noteMissing })
    .trim()
    .min(1, disqualifyMessages.noteMissing)
    .refine((note) => [...note].length <= disqualifyNoteMaxLength, disqualifyMessages.noteLong),
});

/** Whether an order in `state` can still be ended as medically disqualified. */
export function mayBeDisqualified(state: SubscriptionState): boolean {
  return nextState(state, "medically_disqualified") !== undefined;
}
