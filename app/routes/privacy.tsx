import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Rich, useEntryHref, useT } from "../components/i18n";
import { LegalItems, LegalPage, LegalSection } from "../components/legal-page";
import { contact } from "../funnel/marketing";
import type { RouteHandle } from "../route-handle";
import { keepEntryPageHeaders } from "../route-headers";
import { entryPageHeaders } from "../server/http/entry-pages.server";

export const handle: RouteHandle = { title: "privacy.title" };

export const headers = keepEntryPageHeaders;

/** A shared entry page: its language is the address's alone (`?lang=es`), each its own copy. */
export function loader({ request }: LoaderFunctionArgs) {
  return data(null, { headers: entryPageHeaders("privacy", request) });
}

export default function Privacy() {
  const t = useT();
  const healthDataHref = useEntryHref("/health-data-privacy");
  return (
    <LegalPage title={t("privacy.title")} lead={t("privacy.lead")}>
      <LegalSection id="privacy-collect" title={t("privacy.collectTitle")}>
        <LegalItems
          ids={[
            "privacy.collectAnswers",
            "privacy.collectContact",
            "privacy.collectAddress",
            "privacy.collectChoices",
            "privacy.collectCampaign",
          ]}
        />
        <p>{t("privacy.card")}</p>
      </LegalSection>

      <LegalSection id="privacy-why" title={t("privacy.whyTitle")}>
        <LegalItems ids={["privacy.whyPlan", "privacy.whyReview", "privacy.whyShip", "privacy.whyBill"]} />
      </LegalSection>

      <LegalSection id="privacy-recipients" title={t("privacy.recipientsTitle")}>
        <LegalItems ids={["privacy.recipientsMedical", "privacy.recipientsPharmacy", "privacy.recipientsPayments"]} />
      </LegalSection>

      <LegalSection id="privacy-keeping" title={t("privacy.keepingTitle")}>
        <p>{t("privacy.keeping")}</p>
      </LegalSection>

      <LegalSection id="privacy-cookies" title={t("privacy.cookiesTitle")}>
        <p>{t("privacy.cookiesIntro")}</p>
        <LegalItems ids={["privacy.cookieSession", "privacy.cookieNotice"]} />
      </LegalSection>

      <LegalSection id="privacy-choices" title={t("privacy.choicesTitle")}>
        <p>{t("privacy.choices")}</p>
        <p>
          <Rich id="privacy.healthDataChoices" values={{ policy: <a href={healthDataHref}>{t("footer.healthData")}</a> }} />
        </p>
      </LegalSection>

      <LegalSection id="privacy-contact" title={t("legal.contactTitle")}>
        <p>
          <Rich
            id="privacy.contact"
            values={{
              phone: <a href={contact.phoneHref}>{contact.phoneDisplay}</a>,
              email: <a href={`mailto:${contact.email}`}>{contact.email}</a>,
            }}
          />
        </p>
      </LegalSection>
    </LegalPage>
  );
}
