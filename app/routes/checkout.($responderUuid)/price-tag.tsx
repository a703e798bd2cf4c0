import { useT } from "../../components/i18n";
import { formatDollars, type PriceDisplay } from "../../funnel/pricing";

/** An option's price for the plan; the first option also shows per month, was and saving. */
export function PriceTag({ price }: { price: PriceDisplay }) {
  const t = useT();
  return (
    <span className="price-tag">
      <span className="price">
        {formatDollars(price.price)}
        <span className="period">{price.period}</span>
      </span>
      {price.perMonth !== undefined ? (
        <span className="per-month">{t("selection.perMonth", { price: formatDollars(price.perMonth) })}</span>
      ) : null}
      {price.undiscounted !== undefined ? (
        <s className="undiscounted">
          <span className="visually-hidden">{t("selection.was")} </span>
          {formatDollars(price.undiscounted)}
        </s>
      ) : null}
      {price.save !== undefined ? <span className="save">{t("selection.save", { amount: formatDollars(price.save) })}</span> : null}
    </span>
  );
}
