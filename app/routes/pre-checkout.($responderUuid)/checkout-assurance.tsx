import type { ReactNode } from "react";
import { Rich, useT } from "../../components/i18n";
import { guarantee, stats } from "../../funnel/marketing";
import { preAuthorisationNote } from "../../funnel/subscription-terms";

const strong = (chunks: ReactNode) => <strong>{chunks}</strong>;

/** The guarantee box, the stats of spec section 1 and the secure-checkout badge. */
export function CheckoutAssurance() {
  const t = useT();
  return (
    <aside className="checkout-assurance" aria-label={t("preCheckout.assuranceLabel")}>
      <section className="guarantee" aria-labelledby="guarantee-title">
        <img src="/icons/check-circle.svg" alt="" width="32" height="32" />
        <div>
          <h2 id="guarantee-title">{t(guarantee.title)}</h2>
          <ul>
            {[preAuthorisationNote(t), ...guarantee.points.map((point) => t(point))].map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        </div>
      </section>
      <section className="care-stats" aria-labelledby="care-stats-title">
        <h2 id="care-stats-title">{t("preCheckout.statsTitle")}</h2>
        <ul>
          {stats.map((stat) => (
            <li key={stat}>
              <Rich id={stat} values={{ strong }} />
            </li>
          ))}
        </ul>
      </section>
      <p className="secure-checkout">
        <img src="/icons/lock.svg" alt="" width="20" height="20" />
        <span>
          <strong>{t("preCheckout.secureCheckout")}</strong>
          <br />
          {t("header.secure")}
        </span>
      </p>
    </aside>
  );
}
