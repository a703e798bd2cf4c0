import { formatDollars, type PriceDisplay } from "../../funnel/pricing";

/** An option's price for the plan; the first option also shows per month, was and saving. */
export function PriceTag({ price }: { price: PriceDisplay }) {
  return (
    <span className="price-tag">
      <span className="price">
        {formatDollars(price.price)}
        <span className="period">{price.period}</span>
      </span>
      {price.perMonth !== undefined ? <span className="per-month">{formatDollars(price.perMonth)}/month</span> : null}
      {price.undiscounted !== undefined ? (
        <s className="undiscounted">
          <span className="visually-hidden">was </span>
          {formatDollars(price.undiscounted)}
        </s>
      ) : null}
      {price.save !== undefined ? <span className="save">Save {formatDollars(price.save)}</span> : null}
    </span>
  );
}
