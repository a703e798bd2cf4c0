import { contact } from "../funnel/marketing";
import { Rich, useEntryHref, useT } from "./i18n";

/** The shared footer (spec section 2). */
export function SiteFooter() {
  const t = useT();
  return (
    <footer className="site-footer">
      <ul className="footer-notes">
        <li>{t("footer.freeShipping")}</li>
        <li>{t("footer.customers")}</li>
        <li>{t("footer.cancelAnytime")}</li>
      </ul>
      <p>
        <Rich
          id="footer.help"
          values={{
            phone: <a href={contact.phoneHref}>{contact.phoneDisplay}</a>,
            email: <a href={`mailto:${contact.email}`}>{contact.email}</a>,
          }}
        />
      </p>
      <img className="pharmacy-seal" src="/badges/pharmacy-verified.svg" alt={t("footer.sealAlt")} width="140" height="48" />
      {/* A list, not links joined by dots: wrapped on a narrow screen, no dot is left at a line's end. */}
      <nav className="footer-legal" aria-label={t("footer.legalLabel")}>
        <ul>
          <li>
            <a href={useEntryHref("/terms")}>{t("footer.terms")}</a>
          </li>
          <li>
            <a href={useEntryHref("/privacy")}>{t("footer.privacy")}</a>
          </li>
          <li>
            <a href={useEntryHref("/health-data-privacy")}>{t("footer.healthData")}</a>
          </li>
        </ul>
      </nav>
      <p className="fine-print">{t("footer.finePrint")}</p>
    </footer>
  );
}
