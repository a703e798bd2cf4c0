// The people of the console and what each may do: three roles, least privilege (an owner
// everything; support her orders, her contact details and her emails, never money reports,
// staff, decisions or refunds; a clinician the review queue, the clinical view and ending a
// plan as medically disqualified, never her contact details or money of their choosing).
// Every console page and action names the permission it needs, and the menu shows only the
// pages a role may open. Pure: the table is the rule.

export const staffRoles = ["owner", "support", "clinician"] as const;
export type StaffRole = (typeof staffRoles)[number];

export const staffRoleLabels: Record<StaffRole, string> = { owner: "Owner", support: "Support", clinician: "Clinician" };

/** Invited: a setup link made, no password yet. Active: may sign in. Disabled: may not, ever again unless reset. */
export const staffStatuses = ["invited", "active", "disabled"] as const;
export type StaffStatus = (typeof staffStatuses)[number];

export const staffStatusLabels: Record<StaffStatus, string> = { invited: "Invited", active: "Active", disabled: "Disabled" };

export const permissions = [
  /** The order list and an order's page: its facts, timeline and payments. */
  "orders",
  /** Her name, email, phone and shipping address on the order page; finding her by them. */
  "customer-details",
  /** The emails she was sent. */
  "emails",
  /** "Send her link again". */
  "send-link",
  /** "Cancel for her", with a reason. */
  "cancel-for-her",
  /** "Change for her": her billing date, shipping address or plan, as she could from her link. */
  "change-for-her",
  /** The review queue and an order's clinical view (first name and last initial, state, answers, medications, plan). */
  "reviews",
  /** Approve or Decline. */
  "decide",
  /** The funnel and money report and its CSVs, the orders CSV. */
  "funnel",
  /** The staff page: people, roles, setup links, disabling, ending sessions. */
  "staff",
  /** The audit log and its CSV. */
  "audit",
  /** The sandbox clock. */
  "clock",
  /** Refund a payment, with a reason. */
  "refunds",
  /** Mark medically disqualified, with a note: the plan ends and her last charge is refunded. */
  "disqualify",
] as const;
export type Permission = (typeof permissions)[number];

const grants: Record<StaffRole, readonly Permission[]> = {
  owner: permissions,
  support: ["orders", "customer-details", "emails", "send-link", "cancel-for-her", "change-for-her"],
  // Medically disqualified is a clinical judgement: the medical team may make it, support may not.
  clinician: ["reviews", "decide", "disqualify"],
};

export function may(role: StaffRole, permission: Permission): boolean {
  return grants[role].includes(permission);
}

/** The console's menu, in its order: each page and what opening it needs. */
export const consoleMenu = [
  { to: "/owner/orders", label: "Orders", permission: "orders" },
  { to: "/owner/reviews", label: "Reviews", permission: "reviews" },
  { to: "/owner/emails", label: "Emails", permission: "emails" },
  { to: "/owner/funnel", label: "Funnel", permission: "funnel" },
  { to: "/owner/staff", label: "Staff", permission: "staff" },
  { to: "/owner/audit", label: "Audit log", permission: "audit" },
] as const satisfies readonly { to: string; label: string; permission: Permission }[];

export type ConsoleMenuItem = (typeof consoleMenu)[number];

/** The menu a role sees: only what it may open. */
export function menuOf(role: StaffRole): ConsoleMenuItem[] {
  return consoleMenu.filter((item) => may(role, item.permission));
}

/** Where a person lands after signing in: the first page of their menu. */
export function homeOf(role: StaffRole): string {
  return menuOf(role)[0]?.to ?? "/owner";
}

export const passwordRules = {
  minLength: 12,
  /** Longer than any passphrase a person types; a bound before it is hashed. */
  maxLength: 256,
} as const;

export const passwordMessages = {
  missing: "Enter a password.",
  short: `Enter a password of ${passwordRules.minLength} characters or more.`,
  long: `Enter a password of ${passwordRules.maxLength} characters or fewer.`,
  email: "Your password must not be your email address.",
  emailName: "Your password must not contain your email name (the part of your email address before the @).",
  repeated: "Your password must not be one character repeated.",
  common:
    "This password is on a list of common or leaked passwords, so it would be guessed early. Choose another: a few words you will remember make a good one.",
} as const;

/** What a new password's field says of the rules. */
export const newPasswordHint = `${passwordRules.minLength} characters or more, not a common password, and without your email name. A few words you will remember make a good one.`;

/** Passwords refused for being common or leaked, in lower case (the list is loaded on the server). */
export interface RefusedPasswords {
  has(password: string): boolean;
}

/** An email name shorter than this is too common a string to refuse inside a password. */
const emailNameMinLength = 3;

/**
 * The forms of a password looked up in the refused list, in lower case: as typed, and without
 * the digits and signs around it ("Password1234!" is "password" with the most guessed of
 * suffixes, and the list holds the word).
 */
export function refusedListForms(password: string): string[] {
  const typed = password.trim().toLowerCase();
  const word = typed.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, "");
  return word !== "" && word !== typed ? [typed, word] : [typed];
}

/** What is wrong with a new password for the person with `email`, or undefined when it will do. */
export function passwordProblem(password: string, email: string, refused: RefusedPasswords): string | undefined {
  if (password.length === 0) return passwordMessages.missing;
  // Characters as she counts them, not UTF-16 units.
  const length = [...password].length;
  if (length < passwordRules.minLength) return passwordMessages.short;
  if (length > passwordRules.maxLength) return passwordMessages.long;
  const typed = password.trim().toLowerCase();
  const address = email.trim().toLowerCase();
  const local = address.split("@")[0] ?? "";
  if (typed === address || (local.length > 0 && typed === local)) return passwordMessages.email;
  if (local.length >= emailNameMinLength && password.toLowerCase().includes(local)) return passwordMessages.emailName;
  // Spaces aside: "a a a a a a a" is as quickly guessed.
  if (new Set([...password.toLowerCase()].filter((character) => !/\s/u.test(character))).size <= 1) return passwordMessages.repeated;
  if (refusedListForms(password).some((form) => refused.has(form))) return passwordMessages.common;
  return undefined;
}

/** An email as we keep and compare it: trimmed, lower case. */
export function normalStaffEmail(email: string): string {
  return email.trim().toLowerCase();
}
