import { Facts } from "../../components/facts";
import { formatCents, planTypeText, type Cart, type CartTotals } from "../../funnel/cart";
import { startingDosage } from "../../funnel/starting-dosage";
import { stateUnavailableNotice } from "../../funnel/state-availability";

interface OrderSummaryProps {
  cart: Cart;
  totals: CartTotals;
  promo: { code: string | null; message: string | null; applied: boolean };
  promoBoxShown: boolean;
  promoNotice: string | null;
  /** The checkout form the promo field and its button belong to. */
  formId: string;
  /** Her shipping state cannot have these options (spec section 2), and where to change them. */
  unavailableHere?: { optionIds: string[]; changeSelection: string };
}

/** The order summary (spec section 2), collapsible, with the promo code box. */
export function OrderSummary({ cart, totals, promo, promoBoxShown, promoNotice, formId, unavailableHere }: OrderSummaryProps) {
  const message = promoNotice ?? promo.message;
  return (
    <details className="order-summary" open>
      <summary>
        <span>Order summary</span> <strong>{formatCents(totals.totalCents)}</strong>
      </summary>
      <Facts
        className="summary-plan"
        facts={[
          { term: "Plan type", value: planTypeText(cart.selectedPlan) },
          { term: "Starting dosage", value: startingDosage },
        ]}
      />
      <ul className="summary-items">
        {cart.medications.map((medication) => (
          <li key={medication.id}>
            <span>
              {medication.name}
              <span className="item-category">{medication.category_name}</span>
            </span>
            <span>{formatCents(Math.round(medication.selected_price * 100))}</span>
            {unavailableHere?.optionIds.includes(medication.id) ? (
              <p className="option-unavailable">
                {stateUnavailableNotice}. <a href={unavailableHere.changeSelection}>Change your selection</a>
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      {cart.unavailable.map((item) => (
        <p className="option-unavailable" key={item.name}>
          {item.name}: {item.message}
        </p>
      ))}
      <Facts
        className="summary-totals"
        facts={[
          { term: "Subtotal", value: formatCents(totals.subtotalCents) },
          totals.discountCents > 0 ? { term: <>Promo code {promo.code}</>, value: `−${formatCents(totals.discountCents)}` } : null,
          { term: "Shipping", value: "FREE" },
          { term: "TOTAL", value: formatCents(totals.totalCents), className: "summary-total" },
        ]}
      />
      {promoBoxShown ? (
        <div className="promo-box" id="promo-code">
          <label htmlFor="promo-code-input">Promo code</label>
          <div className="promo-row">
            <input
              id="promo-code-input"
              name="promoCode"
              form={formId}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              defaultValue={promo.applied ? (promo.code ?? "") : ""}
              aria-describedby={message ? "promo-message" : undefined}
            />
            <button type="submit" name="intent" value="apply-promo" form={formId} className="button button-secondary">
              Apply
            </button>
          </div>
          {message ? (
            <p id="promo-message" className={promo.applied && !promoNotice ? "promo-message applied" : "promo-message"} role="status">
              {message}
            </p>
          ) : null}
        </div>
      ) : null}
    </details>
  );
}
