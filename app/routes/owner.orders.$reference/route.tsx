// One order as the console sees it: its facts, its timeline and every movement of its money
// (support answers her billing questions from them), for everyone who may open orders; her
// details and her emails, Send her link again, Change for her (a page of its own) and Cancel
// for her, for support and the owner; a refund for the owner; medically disqualified, the
// medical team's decision and the sandbox clock for the roles that may use them.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { formatCents } from "../../components/console-format";
import { ConsoleArticle, ConsoleSummary, DecisionText, HoldExpiry, Time } from "../../components/console-parts";
import { DisqualifyForm } from "../../components/disqualify-form";
import type { RouteHandle } from "../../route-handle";
import { readForm } from "../../server/http/form-body.server";
import { requireStaff } from "../../server/staff/staff-session.server";
import { HerDetailsSection, HerEmailsSection } from "./her-sections";
import { useReplyTo } from "../../components/use-form-reply";
import { CancelForHerForm, ChangeForHerLink, ClockForm, ReviewForm, SendLinkForm } from "./order-forms";
import { orderAction, orderOf, orderPage } from "./order-page.server";
import { PaymentsTable, TimelineTable } from "./order-tables";
import { RefundForm } from "./refund-form";
import { DisputeNotice } from "./dispute-notice";
import { ConsentSection } from "./consent-section";

export const handle: RouteHandle = {
  title: (data) => {
    const reference = (data as { order?: { reference: string } } | undefined)?.order?.reference;
    return reference ? `Order ${reference}: Owner's console` : "Order: Owner's console";
  },
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = await requireStaff(request, "orders");
  return orderPage(request, session, await orderOf(params.reference));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireStaff(request, "orders");
  const subscription = await orderOf(params.reference);
  return orderAction(request, session, subscription, await readForm(request));
}

export default function ConsoleOrder() {
  const { order, changes, events, payments, review, clock, her, emails, support, changeForHer, moneyBack, disputes, consents, notice } =
    useLoaderData<typeof loader>();
  const disqualifyReply = useReplyTo("disqualify");
  return (
    <ConsoleArticle back={{ href: "/owner/orders", label: "All orders" }} title={<>Order {order.reference}</>} notice={notice}>
      <DisputeNotice disputes={disputes} />
      <ConsoleSummary
        facts={[
          { term: "Reference", value: order.reference },
          { term: "State", value: order.stateLabel },
          { term: "Plan", value: `${order.plan} (billed ${order.planCadence})` },
          changes.planChange
            ? {
                term: "Plan change",
                value: (
                  <>
                    {changes.planChange.text} <Time iso={changes.planChange.at} />: {changes.planChange.price}
                  </>
                ),
              }
            : null,
          { term: "First period", value: formatCents(order.firstPeriodCents) },
          { term: "Each renewal", value: formatCents(order.renewalCents) },
          { term: "Variant", value: order.variant },
          { term: "Gateway", value: order.gateway },
          { term: "Hold placed", value: <Time iso={order.placedAt} /> },
          { term: "Hold expires", value: <HoldExpiry order={order} /> },
          { term: "Next billing", value: order.nextBillingAt ? <Time iso={order.nextBillingAt} /> : "None" },
          { term: "Periods paid", value: order.periodsPaid },
          { term: "Decision", value: <DecisionText decision={order.decision} /> },
          changes.cancelReason ? { term: "Cancel reason", value: changes.cancelReason } : null,
          changes.cancelNote ? { term: "Her words", value: `“${changes.cancelNote}”` } : null,
          changes.cancelForHerNote ? { term: "Note when canceled for her", value: `“${changes.cancelForHerNote}”` } : null,
        ]}
      />
      {her ? <HerDetailsSection her={her} /> : null}
      {support.sendLink ? <SendLinkForm /> : null}
      {changeForHer ? <ChangeForHerLink reference={order.reference} /> : null}
      {support.cancel ? <CancelForHerForm /> : null}
      {moneyBack.refund ? <RefundForm refund={moneyBack.refund} /> : null}
      {moneyBack.disqualify ? <DisqualifyForm lastResult={disqualifyReply} /> : null}
      {review.open ? <ReviewForm /> : null}
      {clock ? <ClockForm clock={clock} /> : null}
      <section aria-labelledby="timeline-title">
        <h2 id="timeline-title">Timeline</h2>
        <p className="owner-count">Oldest first.</p>
        <TimelineTable rows={events} />
      </section>
      <section aria-labelledby="payments-title">
        <h2 id="payments-title">Payments</h2>
        <p className="owner-count">Oldest first; period 1 is the first.</p>
        <PaymentsTable rows={payments} />
      </section>
      <ConsentSection consents={consents} />
      {emails ? <HerEmailsSection emails={emails} /> : null}
      <p className="owner-footnote">Times are UTC, on the lifecycle clock.</p>
    </ConsoleArticle>
  );
}
