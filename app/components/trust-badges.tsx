import { useT } from "./i18n";

const mediaLogos = [
  { src: "/badges/health-daily.svg", alt: "Health Daily" },
  { src: "/badges/wellness-weekly.svg", alt: "Wellness Weekly" },
  { src: "/badges/modern-woman.svg", alt: "Modern Woman" },
] as const;

/** Trust badges (spec section 1): media logos and the SSL note; the pharmacy seal is in the footer. */
export function TrustBadges() {
  const t = useT();
  return (
    <section className="trust-badges" aria-label={t("trustBadges.featuredIn")}>
      <p className="badges-title">{t("trustBadges.featuredIn")}</p>
      <ul className="badge-row">
        {mediaLogos.map((logo) => (
          <li key={logo.src}>
            <img src={logo.src} alt={logo.alt} width="120" height="32" loading="lazy" />
          </li>
        ))}
      </ul>
      <p className="ssl-note">
        <img src="/icons/lock.svg" alt="" width="16" height="16" /> {t("trustBadges.secure")}
      </p>
    </section>
  );
}
