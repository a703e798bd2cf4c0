// "Find a customer" on the console's orders page: one box for what she quotes on the phone, an
// order reference, her email, her phone number or her name. What was typed is read here into
// one search, or a message; the caller first tries it as a reference (an order with it goes
// straight to its page). Pure.
import { readOrderReference } from "./subscription-life";

/** A search box, not a document: long enough for any email, short enough to bound the query. */
export const finderMaxLength = 100;

/** The most orders one search lists, newest first. */
export const finderMatchLimit = 50;

export const finderMessages = {
  /** For a person who may only find orders by their reference (the messages as they always were). */
  missingReference: "Enter an order reference.",
  notFound: "No order with that reference.",
  malformed: "No order with that reference. A reference looks like MC-7KQ2-94XD.",
  missing: "Enter a reference, an email, a phone number or a name.",
  long: `Enter ${finderMaxLength} characters or fewer.`,
  email: "Enter her whole email address, like name@example.com.",
  phone: "Enter her whole phone number with its area code, like (212) 555-0123.",
  short: "Enter at least 2 letters of her name.",
  unreadable: "Enter a reference, an email, a phone number or a name. A name has letters only.",
  nothing: "No customer matches that.",
} as const;

export type CustomerQuery =
  /** Lower case, compared whatever its case. */
  | { by: "email"; email: string }
  /** Ten digits, a US number without its country code. */
  | { by: "phone"; digits: string }
  /** Lower case, single spaces: a first name, a last name, or both. */
  | { by: "name"; name: string };

/** What the audit log says of a search: how, never what. */
export const customerQueryLabels: Record<CustomerQuery["by"], string> = {
  email: "By email",
  phone: "By phone",
  name: "By name",
};

export type FinderReading = { kind: "search"; query: CustomerQuery } | { kind: "refused"; message: string; status: 400 | 404 };

const phonePattern = /^\+?[\d\s().-]+$/;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Letters of any alphabet, with the spaces, hyphens, apostrophes and dots names carry. */
const namePattern = /^[\p{L}\p{M}][\p{L}\p{M}\s'’.-]*$/u;

/**
 * Typed as a reference is: "MC-" first, or MC then letters and digits with a digit among them
 * (a name has no digit; "McKenzie" stays a name).
 */
export function looksLikeReference(typed: string): boolean {
  const text = typed.trim();
  return /^mc\s*-/i.test(text) || (/^mc/i.test(text) && /\d/.test(text) && /^[a-z\d\s-]+$/i.test(text));
}

/** A phone number's digits as the search compares them: a leading US country code dropped. */
export function phoneDigits(typed: string): string {
  const digits = typed.replace(/\D/g, "");
  return digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
}

/**
 * What the finder does with `typed` once no order has it as its reference. `findsCustomers`:
 * the person may search by her details; without it only references are read, as before.
 */
export function readFinderInput(typed: string, findsCustomers: boolean): FinderReading {
  const text = typed.trim().replace(/\s+/g, " ");
  const refused = (message: string, status: 400 | 404 = 400): FinderReading => ({ kind: "refused", message, status });
  if (text === "") return refused(findsCustomers ? finderMessages.missing : finderMessages.missingReference);
  if ([...text].length > finderMaxLength) return refused(finderMessages.long);
  const reference = readOrderReference(text);
  if (!findsCustomers) return reference ? refused(finderMessages.notFound, 404) : refused(finderMessages.malformed);
  if (text.includes("@")) {
    return emailPattern.test(text) ? { kind: "search", query: { by: "email", email: text.toLowerCase() } } : refused(finderMessages.email);
  }
  const isName = namePattern.test(text);
  // A reference of the right shape that no order has, unless it could be her name ("Margaret").
  if (reference && !isName) return refused(finderMessages.notFound, 404);
  if (looksLikeReference(text)) return refused(finderMessages.malformed);
  if (phonePattern.test(text) && /\d/.test(text)) {
    const digits = phoneDigits(text);
    return digits.length === 10 ? { kind: "search", query: { by: "phone", digits } } : refused(finderMessages.phone);
  }
  if (!isName) return refused(finderMessages.unreadable);
  if ([...text.replace(/[\s'’.-]/g, "")].length < 2) return refused(finderMessages.short);
  return { kind: "search", query: { by: "name", name: text.toLowerCase() } };
}
