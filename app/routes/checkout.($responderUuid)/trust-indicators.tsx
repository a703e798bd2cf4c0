import { useT } from "../../components/i18n";
import { perLocale } from "../../funnel/formatters";
import { overallRating, trustIndicators } from "../../funnel/marketing";

const ratingFormat = perLocale((locale) => new Intl.NumberFormat(locale, { minimumFractionDigits: 1 }));

/** Trust indicators (spec section 1): title, subtitle and icon each. */
export function TrustIndicators() {
  const t = useT();
  const rating = ratingFormat(t.locale).format(Number(overallRating));
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
