import type { ReactNode } from "react";
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Rich, useT } from "../components/i18n";
import { LegalPage, LegalSection } from "../components/legal-page";
import { SubscriptionTermsList } from "../components/subscription-terms";
import { contact } from "../funnel/marketing";
import { planCodes, planWords } from "../funnel/plans";
import { preAuthorisationNote } from "../funnel/subscription-terms";
import type { RouteHandle } from "../route-handle";
import { keepEntryPageHeaders } from "../route-headers";
import { entryPageHeaders } from "../server/http/entry-pages.server";

export const handle: RouteHandle = { title: "terms.title" };

export const headers = keepEntryPageHeaders;

/** A shared entry page: its language is the address's alone (`?lang=es`), each its own copy. */
export function loader({ request }: LoaderFunctionArgs) {
  return data(null, { headers: entryPageHeaders("terms", request) });
}

const strong = (chunks: ReactNode) => <strong>{chunks}</strong>;

export default function Terms() {
  const t = useT();
  const phone = <a href={contact.phoneHref}>{contact.phoneDisplay}</a>;
  const email = <a href={`mailto:${contact.email}`}>{contact.email}</a>;
  return (
    <LegalPage title={t("terms.title")} lead={t("terms.lead")}>
      <LegalSection id="terms-service" title={t("terms.serviceTitle")}>
        <p>{t("terms.serviceHow")}</p>
        <p>{t("terms.servicePrescribed")}</p>
      </LegalSection>

      <LegalSection id="terms-subscription" title={t("terms.subscriptionTitle")}>
        <SubscriptionTermsList />
      </LegalSection>

      <LegalSection id="terms-plans" title={t("terms.plansTitle")}>
        <p>{t("terms.plansIntro")}</p>
        <ul>
          {planCodes.map((code) => {
            const { label, cadence } = planWords(code, t);
            return (
              <li key={code}>
                <Rich id="terms.planBilled" values={{ label, cadence, strong }} />
              </li>
            );
          })}
        </ul>
        <p>{t("terms.plansPrices")}</p>
      </LegalSection>

      <LegalSection id="terms-pre-authorisation" title={t("terms.preAuthorisationTitle")}>
        <p>{preAuthorisationNote(t)}</p>
        <p>{t("terms.notPrescribed")}</p>
      </LegalSection>

      <LegalSection id="terms-shipping" title={t("terms.shippingTitle")}>
        <p>{t("terms.shipping")}</p>
      </LegalSection>

      <LegalSection id="terms-cancel" title={t("terms.cancelTitle")}>
        <p>
          <Rich id="terms.cancelHow" values={{ phone, email }} />
        </p>
        <p>{t("terms.cancelStops")}</p>
      </LegalSection>

      <LegalSection id="terms-contact" title={t("legal.contactTitle")}>
        <p>
          <Rich id="terms.contact" values={{ phone, email }} />
        </p>
      </LegalSection>
    </LegalPage>
  );
}
