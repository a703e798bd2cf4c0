// What each questionnaire step accepts (spec section 5). Used by the actions through Conform.
import { z } from "zod";
import { concernCodes, motivationCodes } from "./questionnaire";

export const chooseOneMessage = "Select one option to continue";

export const welcomeSchema = z.object({
  reason: z.enum(motivationCodes, { error: chooseOneMessage }),
});

export const concernsSchema = z.object({
  concern: z.enum(concernCodes, { error: chooseOneMessage }),
});

export const emailRequiredMessage = "Enter your email address";

// Spec section 5: non-blank after trimming, no format check beyond the input type. We still
// bound its length so a pasted document cannot be stored as an email.
export const socialProofSchema = z.object({
  email: z
    .string({ error: emailRequiredMessage })
    .trim()
    .min(1, emailRequiredMessage)
    .max(254, "Email address must be 254 characters or fewer"),
});

export type WelcomeAnswer = z.input<typeof welcomeSchema>;
export type ConcernsAnswer = z.input<typeof concernsSchema>;
export type SocialProofAnswer = z.input<typeof socialProofSchema>;
