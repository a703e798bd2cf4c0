// Her private page's longer parts: every step of her order and every movement of her money,
// and how to reach us (with the way to a new link, in her language).
import type { ReactNode } from "react";
import { Rich, useT } from "../../components/i18n";
import { SupportBox } from "../../components/support-box";
import { formatEmailDate } from "../../funnel/amounts-and-dates";
import { formatCents } from "../../funnel/cart";
import { contact } from "../../funnel/marketing";

const hidden = (chunks: ReactNode) => <span className="visually-hidden">{chunks}</span>;

interface HistoryProps {
  address: string;
  timeline: readonly { id: number | string; at: string; text: string; amountCents: number | null }[];
  payments: readonly { id: number | string; at: string; text: string; amountCents: number; receipt: boolean }[];
}

/** What has happened, then the billing history with each receipt. */
export function HerHistory({ address, timeline, payments }: HistoryProps) {
  const t = useT();
  const day = (iso: string) => formatEmailDate(new Date(iso), t);
  return (
    <>
      <section className="panel" aria-labelledby="timeline-title">
        <h2 id="timeline-title">{t("herPage.timelineTitle")}</h2>
        <ol className="timeline">
          {timeline.map((entry) => (
            <li key={entry.id}>
              <time dateTime={entry.at}>{day(entry.at)}</time>{" "}
              {entry.amountCents !== null
                ? t("timeline.withAmount", { text: entry.text, amount: formatCents(entry.amountCents) })
                : entry.text}
            </li>
          ))}
        </ol>
      </section>

      <section className="panel" aria-labelledby="payments-title">
        <h2 id="payments-title">{t("herPage.paymentsTitle")}</h2>
        <div className="table-region" role="region" aria-labelledby="payments-title" tabIndex={0}>
          <table className="payments-table">
            <thead>
              <tr>
                <th scope="col">{t("herPage.date")}</th>
                <th scope="col">{t("herPage.what")}</th>
                <th scope="col">{t("herPage.amount")}</th>
                <th scope="col">{t("herPage.receipt")}</th>
              </tr>
            </thead>
            <tbody>
              {payments.map((payment) => (
                <tr key={payment.id}>
                  <td>{day(payment.at)}</td>
                  <td>{payment.text}</td>
                  <td>{formatCents(payment.amountCents)}</td>
                  <td>
                    {payment.receipt ? (
                      <a href={`${address}/receipts/${payment.id}`}>
                        <Rich id="herPage.receiptOf" values={{ date: day(payment.at), what: payment.text, hidden }} />
                      </a>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}

/** Questions: how to reach us, and the way to a new link (asked from here, it retires this one at once). */
export function HerSupport({ address }: { address: string }) {
  const t = useT();
  return (
    <SupportBox title={t("herPage.supportTitle")}>
      <Rich
        id="herPage.support"
        values={{
          phone: contact.phoneDisplay,
          email: contact.email,
          phoneLink: (chunks: ReactNode) => <a href={contact.phoneHref}>{chunks}</a>,
          emailLink: (chunks: ReactNode) => <a href={`mailto:${contact.email}`}>{chunks}</a>,
          newLink: (chunks: ReactNode) => <a href={`${address}/new-link`}>{chunks}</a>,
        }}
      />
    </SupportBox>
  );
}
