import type { ReactNode } from "react";
import type { Words } from "../../funnel/product-words";
import { Facts } from "../../components/facts";
import { Rich, useT } from "../../components/i18n";
import { formatCents, planTypeText, type Cart, type CartTotals } from "../../funnel/cart";

interface OrderSummaryProps {
  cart: Cart;
  totals: CartTotals;
  /** Each item's name and category in her words, by the item's id (the server's: the catalogue stays there). */
  itemWords: Record<string, { name: Words; category: Words }>;
  /** The promo message is the server's, in her words; `messageInEnglish`: not ours to translate (the provider's own). */
  promo: {
    code: string | null;
    message: string | null;
    applied: boolean;
    messageInEnglish?: boolean;
  };
  promoBoxShown: boolean;
  promoNotice: string | null;
  /** The checkout form the promo field and its button belong to. */
  formId: string;
  /** Her shipping state cannot have these options (spec section 2), and where to change them. */
  unavailableHere?: { optionIds: string[]; changeSelection: string };
}

/** The order summary (spec section 2), collapsible, with the promo code box. */
export function OrderSummary({ cart, totals, itemWords, promo, promoBoxShown, promoNotice, formId, unavailableHere }: OrderSummaryProps) {
  const t = useT();
  const message = promoNotice ?? promo.message;
  const changeLink = (chunks: ReactNode) => <a href={unavailableHere?.changeSelection}>{chunks}</a>;
  return (
    <details className="order-summary" open>
      <summary>
        <span>{t("finalCheckout.orderSummary")}</span> <strong>{formatCents(totals.totalCents)}</strong>
      </summary>
      <Facts
        className="summary-plan"
        facts={[
          {
            term: t("finalCheckout.planType"),
            value: planTypeText(cart.selectedPlan, t),
          },
          {
            term: t("finalCheckout.startingDosage"),
            value: t("finalCheckout.startingDose"),
          },
        ]}
      />
      <ul className="summary-items">
        {cart.medications.map((medication) => {
          const { name, category } = itemWords[medication.id] ?? {
            name: { text: medication.name },
            category: { text: medication.category_name },
          };
          return (
            <li key={medication.id}>
              <span>
                <span lang={name.lang}>{name.text}</span>
                <span className="item-category" lang={category.lang}>
                  {category.text}
                </span>
              </span>
              <span>{formatCents(Math.round(medication.selected_price * 100))}</span>
              {unavailableHere?.optionIds.includes(medication.id) ? (
                <p className="option-unavailable">
                  <Rich id="finalCheckout.unavailableHere" values={{ link: changeLink }} />
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      {cart.unavailable.map((item) => (
        <p className="option-unavailable" key={item.name}>
          {item.name}: {item.message}
        </p>
      ))}
      <Facts
        className="summary-totals"
        facts={[
          {
            term: t("finalCheckout.subtotal"),
            value: formatCents(totals.subtotalCents),
          },
          totals.discountCents > 0
            ? {
                term: t("finalCheckout.promoCodeTerm", { code: promo.code }),
                value: `−${formatCents(totals.discountCents)}`,
              }
            : null,
          { term: t("finalCheckout.shipping"), value: t("finalCheckout.free") },
          {
            term: t("finalCheckout.total"),
            value: formatCents(totals.totalCents),
            className: "summary-total",
          },
        ]}
      />
      {promoBoxShown ? (
        <div className="promo-box" id="promo-code">
          <label htmlFor="promo-code-input">{t("finalCheckout.promoLabel")}</label>
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
              {t("finalCheckout.promoApply")}
            </button>
          </div>
          {message ? (
            <p
              id="promo-message"
              className={promo.applied && !promoNotice ? "promo-message applied" : "promo-message"}
              role="status"
              lang={promo.messageInEnglish && !promoNotice ? "en" : undefined}
            >
              {message}
            </p>
          ) : null}
        </div>
      ) : null}
    </details>
  );
}
