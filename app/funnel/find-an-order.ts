// "Find an order" on the medical team's queue: a clinician may end any running order as
// medically disqualified, yet the queue lists only the orders waiting for a decision, so the
// others are found by the reference she or a colleague quotes. What was typed is read here as a
// reference (any case, with or without MC, spaces or dashes), or refused with a message. Pure.
import { auditDetail } from "./audit";
import { readOrderReference } from "./subscription-life";

/** A reference with room for the spaces and dashes people type in it; the rest is never read. */
export const findAnOrderMaxLength = 40;

export const findAnOrderMessages = {
  unreadable: "Enter an order reference such as MC-7KQ2-94XD.",
  notFound: "No order has that reference.",
} as const;

/** What the audit log says of such a search: how, as the customer finder says it, never what. */
export const referenceSearchDetail = auditDetail`By reference`;

export type OrderReferenceReading = { kind: "reference"; reference: string } | { kind: "refused"; message: string };

export function readTypedReference(typed: string): OrderReferenceReading {
  const reference = [...typed].length <= findAnOrderMaxLength ? readOrderReference(typed) : undefined;
  return reference ? { kind: "reference", reference } : { kind: "refused", message: findAnOrderMessages.unreadable };
}
