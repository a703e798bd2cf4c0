// What the audit log records: each kind of action, as the log page names it. The log holds
// who (a staff name and role), when, from which address (hashed), what, and which order: no
// personal data of hers. Pure.
import { formatCents } from "./pricing";
import type { StaffRole } from "./staff";

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
  "cancelled-for-her": "Canceled for her",
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

/** A detail is short; bounded all the same, as a row of the log is kept for good. */
export const auditDetailMaxLength = 500;

// What a row says beyond its action: words the code wrote, with values of fixed kinds (a
// label out of a set written in the code, a code out of a fixed list, a count, an amount, a
// day, the name of a person of the team). Never text someone typed about her: the log outlives
// her erasure, so a note stays on her record (the cancel, the refund, the decision), which
// her erasure clears. The types keep an ordinary string out: a detail is made only by
// `auditDetail`, a tagged template whose words are the code's own, and each value it takes is
// a number, a day or a word made below.
declare const fixedWords: unique symbol;

/** An audit row's detail, made by `auditDetail` alone. */
export type AuditDetail = string & { readonly [fixedWords]: "detail" };

/** A word a detail may hold: made by `labelOf`, `codeOf`, `amountOf` or `staffNameOf`. */
export type AuditWord = string & { readonly [fixedWords]: "word" };

/** What a detail's template takes: a whole number, a day (written YYYY-MM-DD, UTC) or a word. */
export type AuditValue = number | Date | AuditWord;

/** The label of `key` in a set of labels written in the code (a reason's, a role's, a state's). */
export function labelOf<K extends string>(labels: Readonly<Record<K, string>>, key: K): AuditWord {
  if (!Object.hasOwn(labels, key)) throw new TypeError("an audit label must be one of its set");
  return labels[key] as AuditWord;
}

/** A code out of a fixed list written in the code (a US state, a plan). */
export function codeOf<K extends string>(codes: readonly K[], code: K): AuditWord {
  if (!codes.includes(code)) throw new TypeError("an audit code must be one of its list");
  return code as string as AuditWord;
}

/** An amount of money: "$69.50". */
export function amountOf(cents: number): AuditWord {
  if (!Number.isSafeInteger(cents)) throw new TypeError("an audit amount is whole cents");
  return formatCents(cents) as AuditWord;
}

/**
 * A person of the team, by the name the owner gave them: the log names who did what to whom
 * among the team (a person added, a role changed). Never hers: it takes a staff member.
 */
export function staffNameOf(staff: { readonly id: string; readonly name: string; readonly role: StaffRole }): AuditWord {
  return staff.name as AuditWord;
}

function shown(value: AuditValue): string {
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) throw new TypeError("an audit number is a whole number");
    return String(value);
  }
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === "string") return value;
  throw new TypeError("an audit value is a number, a day or a word");
}

/**
 * A detail in the code's own words: auditDetail`${amountOf(cents)} of period ${period}: ${labelOf(refundReasonLabels, reason)}`.
 * Only a template literal is taken (its strings are frozen, with their raw form), so no text
 * read at run time can be passed as its words.
 */
export function auditDetail(words: TemplateStringsArray, ...values: AuditValue[]): AuditDetail {
  if (!Object.isFrozen(words) || !Array.isArray(words.raw) || words.length !== values.length + 1) {
    throw new TypeError("an audit detail is written as a template literal");
  }
  return words.reduce((text, word, index) => text + word + (index < values.length ? shown(values[index]!) : ""), "") as AuditDetail;
}
