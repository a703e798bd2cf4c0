// The owner's console's tables: plain, dense, one row a thing, headers a screen reader
// announces with each cell. Wide tables scroll sideways inside their own region on a phone;
// the region takes the focus so a keyboard can scroll it too.
import type { ReactNode } from "react";
import type { PaymentLine } from "../server/owner/order-view.server";
import { formatCents, formatDay, formatTime } from "./owner-format";

/** A time as the console writes it, with its machine-readable value. */
export function Time({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatTime(iso)}</time>;
}

export const holdWarning = "Expires within 24 hours — no decision yet";

/** A table in a region of its own that scrolls sideways when the screen is narrower than it. */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="owner-table-region" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

export interface OrderRowView {
  reference: string;
  placedAt: string;
  plan: string;
  firstPeriodCents: number;
  renewalCents: number;
  stateLabel: string;
  variant: string;
  holdExpiresAt: string;
  holdExpiresSoon: boolean;
}

export function HoldExpiry({ order }: { order: Pick<OrderRowView, "holdExpiresAt" | "holdExpiresSoon"> }) {
  return (
    <>
      <Time iso={order.holdExpiresAt} />
      {order.holdExpiresSoon ? <strong className="owner-flag">{holdWarning}</strong> : null}
    </>
  );
}

/**
 * The captions name the tables for screen readers; the page says the rest in its text, where
 * a narrow screen does not scroll it out of view with the table.
 */
export function OrdersTable({ orders }: { orders: OrderRowView[] }) {
  return (
    <TableRegion label="Orders">
      <table className="owner-table">
        <caption className="visually-hidden">Orders, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Reference</th>
            <th scope="col">Placed</th>
            <th scope="col">Plan</th>
            <th scope="col" className="number">
              First period
            </th>
            <th scope="col" className="number">
              Each renewal
            </th>
            <th scope="col">State</th>
            <th scope="col">Variant</th>
            <th scope="col">Hold expires</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.reference} className={order.holdExpiresSoon ? "owner-row-flagged" : undefined}>
              <th scope="row">
                <a href={`/owner/orders/${order.reference}`}>{order.reference}</a>
              </th>
              <td>
                <time dateTime={order.placedAt} title={formatTime(order.placedAt)}>
                  {formatDay(order.placedAt)}
                </time>
              </td>
              <td>{order.plan}</td>
              <td className="number">{formatCents(order.firstPeriodCents)}</td>
              <td className="number">{formatCents(order.renewalCents)}</td>
              <td className="owner-wrap owner-state">{order.stateLabel}</td>
              <td>{order.variant}</td>
              <td className="owner-wrap">
                <HoldExpiry order={order} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}

export interface TimelineRowView {
  id: number;
  at: string;
  label: string;
  detail: { amountCents?: number; period?: number; attempt?: number; message?: string; holdExpiredAt?: string; holdAlreadyExpired?: boolean };
}

/** "$139.00 · period 2 · try 1": what moved and for which period (period 1 is the first). */
function detailText(detail: TimelineRowView["detail"]): string {
  const parts: string[] = [];
  if (detail.amountCents !== undefined) parts.push(formatCents(detail.amountCents));
  if (detail.period !== undefined) parts.push(`period ${detail.period + 1}`);
  if (detail.attempt !== undefined) parts.push(`try ${detail.attempt}`);
  if (detail.holdExpiredAt) parts.push(`hold lapsed ${formatTime(detail.holdExpiredAt)}`);
  if (detail.holdAlreadyExpired) parts.push("the hold had already lapsed");
  if (detail.message) parts.push(`“${detail.message}”`);
  return parts.join(" · ");
}

export function TimelineTable({ events }: { events: TimelineRowView[] }) {
  return (
    <TableRegion label="Timeline">
      <table className="owner-table">
        <caption className="visually-hidden">Timeline, oldest first</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">What happened</th>
            <th scope="col">Detail</th>
          </tr>
        </thead>
        <tbody>
          {events.map((event) => (
            <tr key={event.id}>
              <td>
                <Time iso={event.at} />
              </td>
              <th scope="row" className="owner-wrap">
                {event.label}
              </th>
              <td className="owner-wrap">{detailText(event.detail)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}

export function PaymentsTable({ payments }: { payments: PaymentLine[] }) {
  return (
    <TableRegion label="Payments">
      <table className="owner-table">
        <caption className="visually-hidden">Payments, oldest first</caption>
        <thead>
          <tr>
            <th scope="col">Kind</th>
            <th scope="col" className="number">
              Period
            </th>
            <th scope="col">Status</th>
            <th scope="col" className="number">
              Amount
            </th>
            <th scope="col">Gateway reference</th>
            <th scope="col">Failure message</th>
            <th scope="col">Time</th>
          </tr>
        </thead>
        <tbody>
          {payments.map((payment) => (
            <tr key={payment.id}>
              <th scope="row">{payment.kind}</th>
              <td className="number">{payment.period + 1}</td>
              <td className={payment.status === "Failed" ? "owner-failed" : undefined}>{payment.status}</td>
              <td className="number">{formatCents(payment.amountCents)}</td>
              <td className="owner-code">{payment.gatewayReference ?? "—"}</td>
              <td className="owner-wrap">{payment.failureMessage ?? "—"}</td>
              <td>
                <Time iso={payment.at} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}

export function OwnerNotice({ notice }: { notice: { tone: "success" | "info"; text: string } | null }) {
  if (!notice) return null;
  return (
    <div className={`owner-notice owner-notice-${notice.tone}`} role="status">
      <p>{notice.text}</p>
    </div>
  );
}

/** The console's pages of a long list: Previous, where she is, Next. */
export function OwnerPager({ address, label, page, pageCount }: { address: string; label: string; page: number; pageCount: number }) {
  return (
    <nav className="owner-pager" aria-label={label}>
      {page > 1 ? (
        <a href={`${address}?page=${page - 1}`} rel="prev">
          Previous<span className="visually-hidden"> page</span>
        </a>
      ) : null}
      <p>
        Page {page} of {pageCount}
      </p>
      {page < pageCount ? (
        <a href={`${address}?page=${page + 1}`} rel="next">
          Next<span className="visually-hidden"> page</span>
        </a>
      ) : null}
    </nav>
  );
}
