// What each questionnaire step accepts (spec section 5). Used by the actions through Conform.
import { z } from "zod";
import type { MessageId } from "../i18n/en";
import { concernCodes, motivationCodes } from "./questionnaire";

// A message a schema gives is a catalogue id (app/i18n/en.ts): the action's reply is put in
// her words at the boundary (`visitor.reply`), so one schema serves every language, and the
// page and the JSON routes that share it. Messages not yet in the catalogue are English text.
export const chooseOneMessage = "errors.chooseOne" satisfies MessageId;

export const welcomeSchema = z.object({
  reason: z.enum(motivationCodes, { error: chooseOneMessage }),
});

export const concernsSchema = z.object({
  concern: z.enum(concernCodes, { error: chooseOneMessage }),
});

export const emailRequiredMessage = "socialProof.emailRequired" satisfies MessageId;

// Spec section 5: non-blank after trimming, no format check beyond the input type. We still
// bound its length so a pasted document cannot be stored as an email.
export const socialProofSchema = z.object({
  email: z
    .string({ error: emailRequiredMessage })
    .trim()
    .min(1, emailRequiredMessage)
    .max(254, "socialProof.emailTooLong" satisfies MessageId),
});

export type WelcomeAnswer = z.input<typeof welcomeSchema>;
export type ConcernsAnswer = z.input<typeof concernsSchema>;
export type SocialProofAnswer = z.input<typeof socialProofSchema>;
