// The receipt as she sees and prints it: the merchant, the receipt's facts, what was paid for
// (each medication, its dosage and period, its amount) and the total, then the words her plan
// administrator looks for. What is not for paper (the hint, the way back) is left off the print.
import { Facts } from "../../components/facts";
import { useT } from "../../components/i18n";
import type { Receipt } from "../../funnel/receipt";

export function ReceiptView({ receipt, back }: { receipt: Receipt; back: string }) {
  const t = useT();
  return (
    <div className="step her-subscription receipt">
      <article className="panel receipt-sheet" aria-labelledby="receipt-title">
        <h1 id="receipt-title">{t("receipt.title")}</h1>
        <p className="receipt-kind">{receipt.label}</p>
        <address className="receipt-merchant">
          <strong>{receipt.merchant.name}</strong>
          <br />
          {receipt.merchant.address}
          <br />
          {receipt.merchant.phone}, {receipt.merchant.email}
        </address>

        <Facts
          className="facts receipt-facts"
          facts={[
            { term: t("receipt.number"), value: receipt.receiptNumber, className: "facts-row" },
            { term: t("receipt.date"), value: receipt.date, className: "facts-row" },
            { term: t("receipt.billedTo"), value: receipt.customerName || t("receipt.notKept"), className: "facts-row" },
            { term: t("receipt.orderReference"), value: receipt.reference, className: "facts-row" },
            { term: t("receipt.plan"), value: receipt.plan, className: "facts-row" },
            { term: t("receipt.card"), value: receipt.card, className: "facts-row" },
          ]}
        />

        <div className="table-region" role="region" aria-labelledby="receipt-lines-title" tabIndex={0}>
          <table className="payments-table receipt-lines">
            <caption id="receipt-lines-title">{t(receipt.kind === "refund" ? "receipt.refundedFor" : "receipt.paidFor")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("receipt.item")}</th>
                <th scope="col">{t("receipt.dosage")}</th>
                <th scope="col">{t("receipt.period")}</th>
                <th scope="col" className="receipt-amount">
                  {t("receipt.amount")}
                </th>
              </tr>
            </thead>
            <tbody>
              {receipt.lines.map((line) => (
                <tr key={line.item}>
                  <td>{line.item}</td>
                  <td>{line.dosage}</td>
                  <td>{line.period}</td>
                  <td className="receipt-amount">{line.amount ?? t("receipt.included")}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              {receipt.adjustments.map((adjustment) => (
                <tr key={adjustment.label}>
                  <th scope="row" colSpan={3}>
                    {adjustment.label}
                  </th>
                  <td className="receipt-amount">{adjustment.amount}</td>
                </tr>
              ))}
              <tr className="receipt-total">
                <th scope="row" colSpan={3}>
                  {receipt.total.label}
                </th>
                <td className="receipt-amount">{receipt.total.amount}</td>
              </tr>
            </tfoot>
          </table>
        </div>

        <p>{receipt.summary}</p>
        {receipt.prescribed ? (
          <p className="receipt-prescribed">
            <strong>{receipt.prescribed}</strong>
          </p>
        ) : null}
      </article>

      <section className="panel no-print" aria-labelledby="print-title">
        <h2 id="print-title">{t("receipt.printTitle")}</h2>
        <p>{t("receipt.printHint")}</p>
        <p>
          <a className="button" href={back}>
            {t("receipt.back")}
          </a>
        </p>
      </section>
    </div>
  );
}
