import { AddressLines, type AddressLineFields } from "./address-fields";

/** Shipping Address (spec section 2): US addresses, no PO Box. */
export function ShippingFields({ fields }: { fields: AddressLineFields }) {
  return (
    <fieldset className="shipping-address">
      <legend>Shipping Address</legend>
      <AddressLines fields={fields} section="shipping" required line1Hint="We cannot deliver to a PO Box" />
    </fieldset>
  );
}
