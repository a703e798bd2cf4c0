// Why she cancels, asked on her cancel page and never required: a short list, and "Other" with
// a few words of her own. The code is kept with the cancel and counted in the owner's money
// report; the provider may hear the code. Her words are kept on the subscription alone (the
// console may read them; they are erased with her data) and never go in a log, an email, the
// provider's event or the audit log. Pure.
import { z } from "zod";
import type { MessageId } from "../i18n/en";
import type { Translator } from "../i18n/languages";

export const herCancelReasons = ["too_expensive", "side_effects", "not_working", "other_treatment", "moving", "other"] as const;
export type HerCancelReason = (typeof herCancelReasons)[number];

export const herCancelReasonLabels: Record<HerCancelReason, string> = {
  too_expensive: "Too expensive",
  side_effects: "Side effects",
  not_working: "Not working for me",
  other_treatment: "Prefer another treatment",
  moving: "Moving or travelling",
  other: "Other",
};

/**
 * The question's last choice, "Prefer not to say": kept as no reason. Without JavaScript a
 * radio chosen cannot be unchosen, so this is how she takes an answer back.
 */
export const noAnswer = "none";
export const noAnswerLabel = "Prefer not to say";

/** The question's choices, in the order the page lists them. */
export const cancelReasonChoices: readonly { code: HerCancelReason | typeof noAnswer; label: string }[] = [
  ...herCancelReasons.map((code) => ({ code, label: herCancelReasonLabels[code] })),
  { code: noAnswer, label: noAnswerLabel },
];

/** The choices in her language: the page draws them with her translator. */
export function cancelReasonChoicesIn(t: Translator): { code: HerCancelReason | typeof noAnswer; label: string }[] {
  return cancelReasonChoices.map(({ code }) => ({ code, label: t(`cancelReason.${code}`) }));
}

/** What the report says of a cancel with no reason. */
export const noReasonLabel = "No reason given";

/** Her words with "Other": a sentence or two, not a letter. */
export const cancelReasonNoteMaxLength = 200;

/**
 * The schema's messages are catalogue ids, put into her words where the reply is made
 * (`translateReply`); the same messages in English beside them.
 */
const cancelReasonMessageIds = {
  reason: "cancelReason.reasonInvalid",
  noteLong: "cancelReason.noteLong",
} as const satisfies Record<string, MessageId>;

export const cancelReasonMessages = {
  reason: "Choose one of the reasons listed, or leave the question unanswered: it is optional.",
  noteLong: `Please shorten what you wrote to ${cancelReasonNoteMaxLength} characters or fewer.`,
} as const;

/** Both optional: an empty field is no answer (the form's reader drops empty values). */
export const cancelReasonSchema = z.object({
  reason: z.enum([...herCancelReasons, noAnswer], { error: cancelReasonMessageIds.reason }).optional(),
  note: z
    .string({ error: cancelReasonMessageIds.noteLong })
    .trim()
    .max(cancelReasonNoteMaxLength, cancelReasonMessageIds.noteLong)
    .optional(),
});

/** What is kept with the cancel. */
export interface CancelReasonChoice {
  reason: HerCancelReason | null;
  /** Her words, only with "Other". */
  note: string | null;
}

export const noCancelReason: CancelReasonChoice = { reason: null, note: null };

/**
 * Her answer as it is kept. The note belongs to "Other": written without choosing a reason it
 * is taken as "Other" (without JavaScript the field cannot follow her choice); written beside
 * another reason it is not kept, as the field's label says ("If Other"). Line breaks and runs
 * of spaces become one space.
 */
export function cancelReasonOf(value: { reason?: HerCancelReason | typeof noAnswer; note?: string }): CancelReasonChoice {
  const note = value.note?.replace(/\s+/g, " ").trim() || null;
  const chosen = value.reason === noAnswer ? undefined : value.reason;
  const reason = chosen ?? (note ? "other" : null);
  return { reason, note: reason === "other" ? note : null };
}

/** A code read back from the database: one of ours, or null (a code retired since counts as Other). */
export function knownCancelReason(code: string | null): HerCancelReason | null {
  if (code === null) return null;
  return (herCancelReasons as readonly string[]).includes(code) ? (code as HerCancelReason) : "other";
}
