// "Find an order" above the queue: one box for an order's reference, opening its clinical view
// whatever its state. A plain GET form, so it works the same with JavaScript off; a refusal
// comes back as the page with the message beside the field and what was typed kept.
import { Form } from "@remix-run/react";
import { ErrorSummary } from "../../components/error-summary";
import { Field } from "../../components/field";
import { useFormReply } from "../../components/use-form-reply";

export interface FindAnOrderLookup {
  typed: string;
  message: string;
}

export function FindAnOrder({ lookup }: { lookup: FindAnOrderLookup | null }) {
  const { fields, summary } = useFormReply({
    id: "find-order",
    names: ["reference"],
    lastResult: lookup ? { status: "error", initialValue: { reference: lookup.typed }, error: { reference: [lookup.message] } } : null,
  });
  return (
    <>
      <h2 id="find-order-title" className="owner-finder-title">
        Find an order
      </h2>
      <Form
        method="get"
        action="/owner/reviews"
        id="find-order"
        className="owner-finder"
        role="search"
        aria-labelledby="find-order-title"
        noValidate
      >
        <ErrorSummary summary={summary} />
        <Field field={fields.reference} label="Order reference" hint="Such as MC-7KQ2-94XD" autoComplete="off" />
        <button type="submit" className="owner-button">
          Open
        </button>
      </Form>
    </>
  );
}
