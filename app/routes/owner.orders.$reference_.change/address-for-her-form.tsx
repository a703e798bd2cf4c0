// "Her shipping address" on Change for her: where her order ships now, and the checkout's
// fields prefilled with it; the form carries a digest of the address the page showed, so a
// change made meanwhile (by her or from here) is not overwritten.
import { Form } from "@remix-run/react";
import { ShippingFields } from "../../components/address-fields";
import { ErrorSummary } from "../../components/error-summary";
import { useFormReply, useReplyTo } from "../../components/use-form-reply";
import { ConsoleBox } from "../../components/console-parts";

export interface AddressSectionView {
  open: boolean;
  ended: string;
  current: string[] | null;
  values: Record<string, unknown>;
  shown: string;
}

const names = ["addressLine1", "addressLine2", "zipCode", "state", "city"] as const;

export function AddressForHerSection({ address }: { address: AddressSectionView }) {
  const { fields, summary, formErrors } = useFormReply({
    id: "her-address",
    names,
    lastResult: useReplyTo("address"),
    defaultValue: address.values,
  });
  return (
    <ConsoleBox titleId="address-title" title="Her shipping address">
      <p>
        The checkout's rules: a US street address (no PO Box), the ZIP code in its state, and a state where we serve her and her medications
        can go. Used from her next shipment on; she is emailed (the town and state only) and the provider is sent the new address.
      </p>
      <ErrorSummary summary={summary} formErrors={formErrors} />
      {address.current ? (
        <>
          <h3>Where her order ships now</h3>
          <address className="owner-address">
            {address.current.map((line) => (
              <span key={line}>{line}</span>
            ))}
          </address>
        </>
      ) : null}
      {address.open ? (
        <Form method="post" id="her-address" noValidate className="owner-change-form">
          <input type="hidden" name="intent" value="address" />
          <input type="hidden" name="shown" value={address.shown} />
          <ShippingFields fields={fields} />
          <button type="submit" className="owner-button owner-button-primary">
            Save this address for her
          </button>
        </Form>
      ) : (
        <p>{address.ended}</p>
      )}
    </ConsoleBox>
  );
}
