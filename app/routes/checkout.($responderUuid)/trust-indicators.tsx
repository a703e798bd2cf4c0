import { useT } from "../../components/i18n";
import { overallRatingIn, trustIndicators } from "../../funnel/marketing";

/** Trust indicators (spec section 1): title, subtitle and icon each. */
export function TrustIndicators() {
  const t = useT();
  const rating = overallRatingIn(t.locale);
  return (
    <section className="trust-indicators" aria-label={t("selection.trustLabel")}>
      <ul>
        {trustIndicators.map((indicator) => (
          <li key={indicator.title}>
            <img src={`/icons/${indicator.icon}.svg`} alt="" width="28" height="28" />
            <span>
              <strong>{t(indicator.title)}</strong>
              <span className="subtitle">{t(indicator.subtitle, { rating })}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
