import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Rich, useEntryHref, useT } from "../components/i18n";
import { LegalPage, LegalSection } from "../components/legal-page";
import { contact } from "../funnel/marketing";
import type { MessageId } from "../i18n/en";
import type { RouteHandle } from "../route-handle";
import { keepEntryPageHeaders } from "../route-headers";
import { entryPageHeaders } from "../server/http/entry-pages.server";

export const handle: RouteHandle = { title: "privacy.title" };

export const headers = keepEntryPageHeaders;

/** A shared entry page: its language is the address's alone (`?lang=es`), each its own copy. */
export function loader({ request }: LoaderFunctionArgs) {
  return data(null, { headers: entryPageHeaders("privacy", request) });
}

function Items({ ids }: { ids: readonly MessageId[] }) {
  const t = useT();
  return (
    <ul>
      {ids.map((id) => (
        <li key={id}>{t(id)}</li>
      ))}
    </ul>
  );
}

export default function Privacy() {
  const t = useT();
  const healthDataHref = useEntryHref("/health-data-privacy");
  return (
    <LegalPage title={t("privacy.title")} lead={t("privacy.lead")}>
      <LegalSection id="privacy-collect" title={t("privacy.collectTitle")}>
        <Items
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
        <Items ids={["privacy.whyPlan", "privacy.whyReview", "privacy.whyShip", "privacy.whyBill"]} />
      </LegalSection>

      <LegalSection id="privacy-recipients" title={t("privacy.recipientsTitle")}>
        <Items ids={["privacy.recipientsMedical", "privacy.recipientsPharmacy", "privacy.recipientsPayments"]} />
      </LegalSection>

      <LegalSection id="privacy-keeping" title={t("privacy.keepingTitle")}>
        <p>{t("privacy.keeping")}</p>
      </LegalSection>

      <LegalSection id="privacy-cookies" title={t("privacy.cookiesTitle")}>
        <p>{t("privacy.cookiesIntro")}</p>
        <Items ids={["privacy.cookieSession", "privacy.cookieNotice"]} />
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
