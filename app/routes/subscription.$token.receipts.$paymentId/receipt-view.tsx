// The receipt as she sees and prints it: the merchant, the receipt's facts, what was paid for
// (each medication, its dosage and period, its amount) and the total, then the words her plan
// administrator looks for. What is not for paper (the hint, the way back) is left off the print.
import { Facts } from "../../components/facts";
import { receiptMessages, type Receipt } from "../../funnel/receipt";

export function ReceiptView({ receipt, back }: { receipt: Receipt; back: string }) {
  return (
    <div className="step her-subscription receipt">
      <article className="panel receipt-sheet" aria-labelledby="receipt-title">
        <h1 id="receipt-title">Receipt</h1>
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
            { term: "Receipt number", value: receipt.receiptNumber, className: "facts-row" },
            { term: "Date", value: receipt.date, className: "facts-row" },
            { term: "Billed to", value: receipt.customerName || "Not kept", className: "facts-row" },
            { term: "Order reference", value: receipt.reference, className: "facts-row" },
            { term: "Plan", value: receipt.plan, className: "facts-row" },
            { term: "Card", value: receipt.card, className: "facts-row" },
          ]}
        />

        <div className="table-region" role="region" aria-labelledby="receipt-lines-title" tabIndex={0}>
          <table className="payments-table receipt-lines">
            <caption id="receipt-lines-title">{receipt.kind === "refund" ? "What the refunded payment was for" : "What you paid for"}</caption>
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Dosage</th>
                <th scope="col">Period</th>
                <th scope="col" className="receipt-amount">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {receipt.lines.map((line) => (
                <tr key={line.item}>
                  <td>{line.item}</td>
                  <td>{line.dosage}</td>
                  <td>{line.period}</td>
                  <td className="receipt-amount">{line.amount ?? "Included"}</td>
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
        <h2 id="print-title">Print this receipt</h2>
        <p>{receiptMessages.printHint}</p>
        <p>
          <a className="button" href={back}>
            Back to your subscription
          </a>
        </p>
      </section>
    </div>
  );
}
