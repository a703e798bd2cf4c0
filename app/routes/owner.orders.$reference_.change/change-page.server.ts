// The server side of "Change for her" (/owner/orders/{reference}/change): the order by its
// reference, what each section shows (her billing date, her shipping address and her plan,
// drawn as her own pages draw them; `?plan=` previews a plan), and which form a post answers. Showing her address is a view of her
// details, audited as the order page audits it.
import { data } from "@remix-run/node";
import { readOrderReference } from "../../funnel/subscription-life";
import { findSubscriptionByReference, type SubscriptionRow } from "../../server/db/stores/subscriptions.server";
import { refusePage } from "../../server/http/page-refusal.server";
import { actorOf, audit } from "../../server/staff/audit.server";
import { takeNotice, type StaffSession } from "../../server/staff/staff-session.server";
import { addressForHer, addressSection } from "./address-for-her.server";
import { billingDateForHer, billingDateSection } from "./billing-date-for-her.server";
import { planForHer, planSection } from "./plan-for-her.server";

/** The order the address names, or the 404 page. */
export async function orderToChange(referenceParam: string | undefined): Promise<SubscriptionRow> {
  const reference = readOrderReference(referenceParam ?? "");
  const subscription = reference ? await findSubscriptionByReference(reference) : undefined;
  if (!subscription) refusePage(404, "No order with that reference.", "/owner/orders");
  return subscription;
}

const orderPageOf = (subscription: SubscriptionRow) => `/owner/orders/${subscription.reference}`;
const changePageOf = (subscription: SubscriptionRow) => `${orderPageOf(subscription)}/change`;

export async function changePage(request: Request, session: StaffSession, subscription: SubscriptionRow) {
  const [{ notice, headers }, date, address, plan] = await Promise.all([
    takeNotice(session),
    billingDateSection(subscription),
    addressSection(subscription),
    planSection(subscription, new URL(request.url)),
  ]);
  await audit(request, actorOf(session.staff), "details-viewed", { orderReference: subscription.reference });
  const page = { reference: subscription.reference, here: changePageOf(subscription), orderPage: orderPageOf(subscription), notice };
  // A plan asked for that cannot be had is the page's answer to that address: its 4xx.
  return data({ ...page, date, address, plan }, { headers, status: plan.status });
}

/** The page's forms, each answered by its own module; a reply names the form it answers. */
export async function changeAction(request: Request, session: StaffSession, subscription: SubscriptionRow, formData: FormData) {
  const back = changePageOf(subscription);
  switch (formData.get("intent")) {
    case "billing-date":
      return billingDateForHer(request, session, subscription, formData, back);
    case "address":
      return addressForHer(request, session, subscription, formData, back);
    case "plan":
      return planForHer(request, session, subscription, formData, back);
    default:
      refusePage(400, "This form could not be read. Please go back and try again.", back);
  }
}
