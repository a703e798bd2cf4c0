// "Cancel for her": support cancels her subscription when she asks them to, under the same
// rules as her own cancel online, and says why. The reason is a fixed choice, or Other with a
// note the staff write. The audit log keeps the reason's label alone: the note is kept with
// the cancel on her subscription, which her erasure clears, as the log is kept for good. Pure.
import { z } from "zod";
import { auditDetail, labelOf, type AuditDetail } from "./audit";
import { herCancelReasons } from "./cancel-reasons";

export const cancelReasons = ["phone", "email", "payment", "other"] as const;
export type CancelReason = (typeof cancelReasons)[number];

export const cancelReasonLabels: Record<CancelReason, string> = {
  phone: "She asked by phone",
  email: "She asked by email",
  payment: "Payment problem",
  other: "Other",
};

/** A note says why in a sentence or two. */
export const cancelNoteMaxLength = 480;

export const cancelForHerMessages = {
  reason: "Choose why you are canceling for her.",
  noteMissing: "Enter a note saying why: Other needs one.",
  noteLong: `Enter a note of ${cancelNoteMaxLength} characters or fewer.`,
  herReason: "Choose one of her reasons listed, or leave it empty.",
} as const;

export const cancelForHerSchema = z
  .object({
    reason: z.enum(cancelReasons, { error: cancelForHerMessages.reason }),
    note: z.string().trim().max(cancelNoteMaxLength, cancelForHerMessages.noteLong).optional(),
    // Her own reason, when she gave one (app/funnel/cancel-reasons.ts): kept with the cancel and
    // counted in the money report, as when she cancels online. Staff write no words of hers.
    herReason: z.enum(herCancelReasons, { error: cancelForHerMessages.herReason }).optional(),
  })
  .superRefine((value, context) => {
    if (value.reason === "other" && !value.note)
      context.addIssue({ code: "custom", path: ["note"], message: cancelForHerMessages.noteMissing });
  });

/** What the audit log keeps of the reason: its label ("Other"), never the note. */
export function cancelReasonDetail(reason: CancelReason): AuditDetail {
  return auditDetail`${labelOf(cancelReasonLabels, reason)}`;
}
