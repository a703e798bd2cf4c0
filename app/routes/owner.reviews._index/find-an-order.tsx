// "Find an order" above the queue: one box for an order's reference, opening its clinical view
// whatever its state.
import { ConsoleFinder } from "../../components/console-finder";
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
    <ConsoleFinder id="find-order" title="Find an order" action="/owner/reviews" summary={summary} button="Open">
      <Field field={fields.reference} label="Order reference" hint="Such as MC-7KQ2-94XD" autoComplete="off" />
    </ConsoleFinder>
  );
}
