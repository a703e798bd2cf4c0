// "Find a customer" (the orders page's finder): what was typed, as the order it is the
// reference of, the orders of the customer it finds by her email, phone or name (for those
// who may see her details), or a message. Each search by her details writes an audit row
// saying how it searched, never what was typed: that would put her details in the log.
import { auditDetail, labelOf } from "../../funnel/audit";
import { customerQueryLabels, finderMatchLimit, finderMessages, readFinderInput } from "../../funnel/customer-finder";
import { may } from "../../funnel/staff";
import { readOrderReference } from "../../funnel/subscription-life";
import { authorisedOrdersOfCustomer } from "../db/stores/orders.server";
import type { StaffMemberRow } from "../db/stores/staff-members.server";
import { findSubscriptionByReference, findSubscriptionsByReferences } from "../db/stores/subscriptions.server";
import { actorOf, audit } from "../staff/audit.server";
import { customerMatchLine, type CustomerMatchLine } from "./order-view.server";

export type FinderAnswer =
  | { kind: "order"; reference: string }
  | { kind: "matches"; matches: CustomerMatchLine[] }
  | { kind: "refused"; message: string; status: 400 | 404 };

export async function findCustomer(request: Request, staff: StaffMemberRow, typed: string): Promise<FinderAnswer> {
  const reference = readOrderReference(typed);
  if (reference && (await findSubscriptionByReference(reference))) return { kind: "order", reference };
  const reading = readFinderInput(typed, may(staff.role, "customer-details"));
  if (reading.kind === "refused") return reading;
  const orders = await authorisedOrdersOfCustomer(reading.query, finderMatchLimit);
  await audit(request, actorOf(staff), "customer-searched", { detail: auditDetail`${labelOf(customerQueryLabels, reading.query.by)}` });
  const subscriptions = new Map(
    (await findSubscriptionsByReferences(orders.map((order) => order.reference))).map((row) => [row.reference, row]),
  );
  const matches = orders.flatMap((order) => {
    const subscription = subscriptions.get(order.reference);
    return subscription ? [customerMatchLine(order, subscription)] : [];
  });
  return matches.length > 0 ? { kind: "matches", matches } : { kind: "refused", message: finderMessages.nothing, status: 404 };
}
