import type { ReactNode } from "react";
import { Rich, useT } from "../../components/i18n";
import { contact } from "../../funnel/marketing";

const phoneLink = (chunks: ReactNode) => <a href={contact.phoneHref}>{chunks}</a>;

/** The support line beside the checkout. */
export function NeedHelp() {
  const t = useT();
  return (
    <section className="need-help" aria-labelledby="need-help-title">
      <h2 id="need-help-title">{t("finalCheckout.needHelp")}</h2>
      <p>
        <Rich id="finalCheckout.callUs" values={{ phone: contact.phoneDisplay, link: phoneLink }} />
      </p>
    </section>
  );
}
