// One order as the owner sees it: its facts, its timeline and every movement of its money;
// the medical team's decision where the console records it, and the sandbox clock.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { ErrorSummary } from "../../components/error-summary";
import { Facts } from "../../components/facts";
import { Field } from "../../components/field";
import { formatCents, formatTime } from "../../components/owner-format";
import { HoldExpiry, Time } from "../../components/owner-parts";
import { useFormReply } from "../../components/use-form-reply";
import type { RouteHandle } from "../../route-handle";
import { readForm } from "../../server/http/form-body.server";
import { requireStaff } from "../../server/staff/staff-session.server";
import { orderAction, orderOf, orderPage } from "./order-page.server";
import { PaymentsTable, TimelineTable } from "./order-tables";

export const handle: RouteHandle = {
  title: (data) => {
    const reference = (data as { order?: { reference: string } } | undefined)?.order?.reference;
    return reference ? `Order ${reference}: Owner's console` : "Order: Owner's console";
  },
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const owner = await requireStaff(request, "orders");
  return orderPage(owner, await orderOf(params.reference));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const owner = await requireStaff(request, "orders");
  const subscription = await orderOf(params.reference);
  return orderAction(owner, subscription, await readForm(request));
}

export default function OwnerOrder() {
  const { order, events, payments, review, clock, notice } = useLoaderData<typeof loader>();
  return (
    <article className="owner-page" aria-labelledby="page-title">
      <p>
        <a className="owner-back" href="/owner/orders">
          All orders
        </a>
      </p>
      <h1 id="page-title">Order {order.reference}</h1>
      <OwnerNotice notice={notice} />
      <section aria-labelledby="summary-title">
        <h2 id="summary-title" className="visually-hidden">
          Summary
        </h2>
        <Facts
          className="owner-facts"
          facts={[
            { term: "Reference", value: order.reference },
            { term: "State", value: order.stateLabel },
            { term: "Plan", value: `${order.plan} (billed ${order.planCadence})` },
            { term: "First period", value: formatCents(order.firstPeriodCents) },
            { term: "Each renewal", value: formatCents(order.renewalCents) },
            { term: "Variant", value: order.variant },
            { term: "Gateway", value: order.gateway },
            { term: "Hold placed", value: <Time iso={order.placedAt} /> },
            { term: "Hold expires", value: <HoldExpiry order={order} /> },
            { term: "Next billing", value: order.nextBillingAt ? <Time iso={order.nextBillingAt} /> : "None" },
            { term: "Periods paid", value: order.periodsPaid },
            { term: "Decision", value: <DecisionText decision={order.decision} /> },
          ]}
        />
      </section>
      {review.open ? <ReviewForm /> : null}
      {clock ? <ClockForm clock={clock} /> : null}
      <section aria-labelledby="timeline-title">
        <h2 id="timeline-title">Timeline</h2>
        <p className="owner-count">Oldest first.</p>
        <TimelineTable events={events} />
      </section>
      <section aria-labelledby="payments-title">
        <h2 id="payments-title">Payments</h2>
        <p className="owner-count">Oldest first; period 1 is the first.</p>
        <PaymentsTable payments={payments} />
      </section>
      <p className="owner-footnote">Times are UTC, on the lifecycle clock.</p>
    </article>
  );
}

function DecisionText({ decision }: { decision: { text: string; at: string | null; message: string | null } | null }) {
  if (!decision) return "None yet";
  return (
    <>
      {decision.text}
      {decision.at ? (
        <>
          , <Time iso={decision.at} />
        </>
      ) : null}
      {decision.message ? <>: “{decision.message}”</> : null}
    </>
  );
}

function OwnerNotice({ notice }: { notice: { tone: "success" | "info"; text: string } | null }) {
  if (!notice) return null;
  return (
    <div className={`owner-notice owner-notice-${notice.tone}`} role="status">
      <p>{notice.text}</p>
    </div>
  );
}

function ReviewForm() {
  return (
    <section className="owner-box" aria-labelledby="review-title">
      <h2 id="review-title">Medical review</h2>
      <p>The medical team has not decided yet. Approve captures the hold (or charges the saved card once the hold has lapsed); Decline releases it. A decision cannot be changed.</p>
      <Form method="post" className="owner-actions">
        <button type="submit" name="intent" value="approve" className="owner-button owner-button-primary">
          Approve
        </button>
        <button type="submit" name="intent" value="decline" className="owner-button owner-button-danger">
          Decline
        </button>
      </Form>
    </section>
  );
}

function ClockForm({ clock }: { clock: { now: string; aheadDays: number; maxDays: number } }) {
  const { fields, summary } = useFormReply({ id: "sandbox-clock", names: ["days"] });
  return (
    <section className="owner-box" aria-labelledby="clock-title">
      <h2 id="clock-title">Move the sandbox clock forward</h2>
      <p>
        The lifecycle clock says <strong>{formatTime(clock.now)}</strong>
        {clock.aheadDays > 0 ? ` (${clock.aheadDays} ${clock.aheadDays === 1 ? "day" : "days"} ahead of real time)` : " (real time)"}. Moving it
        forward makes holds lapse and renewals fall due as they would by then, for every order.
      </p>
      <Form method="post" id="sandbox-clock" noValidate className="owner-clock-form">
        <ErrorSummary summary={summary} />
        <Field field={fields.days} label="Number of days" hint={`From 1 to ${clock.maxDays}`} autoComplete="off" inputMode="numeric" required requiredMark={false} />
        <button type="submit" name="intent" value="clock" className="owner-button">
          Move forward
        </button>
      </Form>
    </section>
  );
}
