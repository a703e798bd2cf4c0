import { trustIndicators } from "../../funnel/marketing";

/** Trust indicators (spec section 1): title, subtitle and icon each. */
export function TrustIndicators() {
  return (
    <section className="trust-indicators" aria-label="Why women trust us">
      <ul>
        {trustIndicators.map((indicator) => (
          <li key={indicator.title}>
            <img src={`/icons/${indicator.icon}.svg`} alt="" width="28" height="28" />
            <span>
              <strong>{indicator.title}</strong>
              <span className="subtitle">{indicator.subtitle}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
