// Her private page (/subscription/{token}): her order, where it stands, every step and every
// movement of her money, the next billing date, and the ways to cancel or pay again. There
// are no accounts: the signed link is her key (app/server/subscriptions/private-link.server).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SubscriptionTermsList } from "../../components/subscription-terms";
import { formatCents } from "../../funnel/cart";
import { formatEmailDate } from "../../funnel/emails";
import { canChangeAddress } from "../../funnel/her-address";
import { canUpdateCard } from "../../funnel/her-card";
import { contact } from "../../funnel/marketing";
import type { RouteHandle } from "../../route-handle";
import { openHerSubscription } from "../../server/subscriptions/private-page.server";
import { herPage } from "./her-page.server";

export { headers } from "../../server/subscriptions/private-page.server";

export const handle: RouteHandle = { title: "Your subscription" };
export const meta: MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

export async function loader({ params }: LoaderFunctionArgs) {
  const subscription = await openHerSubscription(params.token);
  return { ...(await herPage(subscription)), address: `/subscription/${params.token}` };
}

const day = (iso: string) => formatEmailDate(new Date(iso));

export default function HerSubscription() {
  const page = useLoaderData<typeof loader>();
  return (
    <div className="step her-subscription">
      <h1>Your subscription</h1>
      <p className="order-reference">
        Order reference <strong>{page.reference}</strong>
      </p>

      <section className="panel status-panel" aria-labelledby="status-title">
        <h2 id="status-title">{page.status.title}</h2>
        <p>{page.status.text}</p>
        {page.money ? <p>{page.money}</p> : null}
        {page.nextBilling ? (
          <p>
            Next billing date: <strong>{day(page.nextBilling.at)}</strong>, {formatCents(page.nextBilling.amountCents)}
          </p>
        ) : null}
        {page.state === "active" && page.nextBilling ? (
          <p>
            <a href={`${page.address}/billing-date`}>Move my billing date, skip a period or ship sooner</a>
          </p>
        ) : null}
        {page.anotherCard ? (
          <p>
            <a className="button button-primary" href={`${page.address}/payment`}>
              {page.anotherCard}
            </a>
          </p>
        ) : null}
      </section>

      <section className="panel" aria-labelledby="plan-title">
        <h2 id="plan-title">Your plan</h2>
        <dl className="facts">
          <dt>Plan</dt>
          <dd>
            {page.plan}
            {page.planAhead ? <p>{page.planAhead}</p> : null}
            {page.canChangePlan ? (
              <p>
                <a href={`${page.address}/plan`}>Change plan</a>
              </p>
            ) : null}
          </dd>
          <dt>Medications</dt>
          <dd>
            <ul className="plain-list">
              {page.medications.map((m) => (
                <li key={m.name}>{m.dosage ? `${m.name} (${m.dosage})` : m.name}</li>
              ))}
            </ul>
          </dd>
          <dt>Price</dt>
          <dd>{page.price}</dd>
          {page.firstPeriodCents !== null ? (
            <>
              <dt>First period</dt>
              <dd>{formatCents(page.firstPeriodCents)} (promo code applied)</dd>
            </>
          ) : null}
          <dt>Share</dt>
          <dd>
            <a href={page.sharePlan}>Share with my doctor</a>
          </dd>
          {page.card ? (
            <>
              <dt>Card</dt>
              <dd>
                {page.card}
                {canUpdateCard(page.state) ? (
                  <>
                    {" "}
                    <a href={`${page.address}/card`}>Update card</a>
                  </>
                ) : null}
              </dd>
            </>
          ) : null}
          {canChangeAddress(page.state) ? (
            <>
              <dt>Shipping</dt>
              <dd>
                <a href={`${page.address}/address`}>Change shipping address</a>
              </dd>
            </>
          ) : null}
        </dl>
      </section>

      <section className="panel" aria-labelledby="timeline-title">
        <h2 id="timeline-title">What has happened</h2>
        <ol className="timeline">
          {page.timeline.map((entry) => (
            <li key={entry.id}>
              <time dateTime={entry.at}>{day(entry.at)}</time> {entry.text}
              {entry.amountCents !== null ? `: ${formatCents(entry.amountCents)}` : ""}
            </li>
          ))}
        </ol>
      </section>

      <section className="panel" aria-labelledby="payments-title">
        <h2 id="payments-title">Billing history</h2>
        <div className="table-region" role="region" aria-labelledby="payments-title" tabIndex={0}>
          <table className="payments-table">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">What</th>
                <th scope="col">Amount</th>
                <th scope="col">Receipt</th>
              </tr>
            </thead>
            <tbody>
              {page.payments.map((payment) => (
                <tr key={payment.id}>
                  <td>{day(payment.at)}</td>
                  <td>{payment.text}</td>
                  <td>{formatCents(payment.amountCents)}</td>
                  <td>
                    {payment.receipt ? (
                      <a href={`${page.address}/receipts/${payment.id}`}>
                        Receipt<span className="visually-hidden"> of {day(payment.at)}, {payment.text}</span>
                      </a>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      {page.canCancel ? (
        <section className="panel" aria-labelledby="cancel-title">
          <h2 id="cancel-title">Cancel subscription</h2>
          <p>You can cancel online at any time. The next page tells you exactly what cancelling does now, before you confirm.</p>
          <p>
            <a className="button" href={`${page.address}/cancel`}>
              Cancel subscription
            </a>
          </p>
        </section>
      ) : null}

      <section className="panel" aria-labelledby="your-data-title">
        <h2 id="your-data-title">Your data</h2>
        <p>A file of everything we hold about you: your details, answers, orders, payments and the emails we sent you.</p>
        <p>
          <a href={`${page.address}/data`}>Download my data</a>
        </p>
        <p>
          <a href={`${page.address}/delete`}>Delete my data</a>
        </p>
      </section>

      <section className="terms" aria-labelledby="terms-title">
        <h2 id="terms-title">Subscription terms</h2>
        <SubscriptionTermsList />
      </section>

      <section className="support" aria-labelledby="support-title">
        <h2 id="support-title">Questions?</h2>
        <p>
          Call <a href={contact.phoneHref}>{contact.phoneDisplay}</a> or email <a href={`mailto:${contact.email}`}>{contact.email}</a>.
          This page's address is your private key to your order: please do not share it.{" "}
          <a href="/subscription">Ask for a new link</a> (the old one then stops working).
        </p>
      </section>
    </div>
  );
}
