// What the audit log records: each kind of action, as the log page names it. The log holds
// who (a staff name and role), when, from which address (hashed), what, and which order: no
// personal data of hers. Pure.

export const auditActionLabels = {
  "signed-in": "Signed in",
  "sign-in-failed": "Sign-in failed",
  "signed-out": "Signed out",
  "two-step-enrolled": "Two-step sign-in enrolled",
  "recovery-code-used": "Recovery code used",
  "person-added": "Person added",
  "setup-completed": "Sign-in set up",
  "role-changed": "Role changed",
  "person-disabled": "Person disabled",
  "sessions-ended": "Sessions ended",
  "password-reset": "Password reset",
  // Their own, by the person signed in; never the password.
  "password-changed": "Password changed",
  "customer-searched": "Customer searched",
  "details-viewed": "Her details viewed",
  "emails-viewed": "Her emails viewed",
  "link-sent-again": "Link sent again",
  "cancelled-for-her": "Cancelled for her",
  // Detail: the new billing date, or the state it now ships to; never her street or ZIP.
  "billing-date-changed-for-her": "Billing date changed for her",
  "address-changed-for-her": "Address changed for her",
  "plan-changed-for-her": "Plan changed for her",
  approved: "Approved",
  declined: "Declined",
  // Written when the amount is set aside, before the gateway answers: the order page says how it went.
  refunded: "Refund asked",
  "medically-disqualified": "Medically disqualified",
  "clock-moved": "Clock moved",
  "csv-exported": "CSV exported",
} as const;

export type AuditAction = keyof typeof auditActionLabels;

export const auditActions = Object.keys(auditActionLabels) as AuditAction[];

export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === "string" && Object.hasOwn(auditActionLabels, value);
}

/** A detail is short text we wrote (a reason, a role change); bounded so a note cannot swell the log. */
export const auditDetailMaxLength = 500;
