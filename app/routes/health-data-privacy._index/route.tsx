// The Consumer Health Data Privacy Policy (/health-data-privacy), drawn as the terms and the
// privacy policy are, with the form by which anyone asks for her data or its deletion: a link
// is emailed to the address when we hold data for it, and the page says the same either way.
// Its language is the page's (the address's `lang`, else her session's), as root draws it.
// After a deletion through the link she lands here (`?deleted=1`) and is told it is done.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorSummary } from "../../components/error-summary";
import { Field } from "../../components/field";
import { Rich, useT } from "../../components/i18n";
import { LegalItems, LegalPage, LegalSection } from "../../components/legal-page";
import { useFormReply } from "../../components/use-form-reply";
import { healthDataAppealDays, healthDataLinkHours, healthDataRequestsKeptMonths } from "../../funnel/health-data";
import { contact } from "../../funnel/marketing";
import { deliveredOutboxKeptDays } from "../../funnel/prunes";
import type { RouteHandle } from "../../route-handle";
import { keepEntryPageHeaders } from "../../route-headers";
import { config } from "../../server/config.server";
import { askForData, policyPageHeaders, requestFormAction } from "./ask-for-data.server";

export const handle: RouteHandle = { title: "healthData.title" };

export const headers = keepEntryPageHeaders;

export function loader({ request }: LoaderFunctionArgs) {
  return data(
    {
      abandonedFlowDays: config().ABANDONED_FLOW_DAYS,
      deleted: new URL(request.url).searchParams.get("deleted") === "1",
      postTo: requestFormAction(request),
    },
    { headers: policyPageHeaders },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  return askForData(request);
}

function RequestForm() {
  const t = useT();
  const answer = useActionData<typeof action>();
  const form = useFormReply({ id: "data-request", names: ["email"] as const });
  const { postTo } = useLoaderData<typeof loader>();
  if (answer?.sentTo) {
    return (
      <div role="status">
        <p>
          <Rich id="healthData.sent" values={{ email: <strong>{answer.sentTo}</strong>, hours: healthDataLinkHours }} />
        </p>
      </div>
    );
  }
  return (
    <>
      <ErrorSummary summary={form.summary} formErrors={form.formErrors} />
      <Form method="post" action={postTo} id="data-request" noValidate reloadDocument>
        <Field field={form.fields.email} label={t("healthData.emailLabel")} type="email" autoComplete="email" required />
        <button type="submit" className="button button-primary">
          {t("healthData.submit")}
        </button>
      </Form>
    </>
  );
}

export default function HealthDataPolicy() {
  const t = useT();
  const page = useLoaderData<typeof loader>();
  const phone = <a href={contact.phoneHref}>{contact.phoneDisplay}</a>;
  const email = <a href={`mailto:${contact.email}`}>{contact.email}</a>;
  return (
    <LegalPage title={t("healthData.title")} lead={t("healthData.lead")}>
      {page.deleted ? (
        <div role="status">
          <p>{t("healthData.deleted")}</p>
        </div>
      ) : null}
      <LegalSection id="health-data-collect" title={t("healthData.collectTitle")}>
        <LegalItems
          ids={[
            "healthData.collectAnswers",
            "healthData.collectTreatments",
            "healthData.collectContact",
            "healthData.collectAddress",
            "healthData.collectConsent",
          ]}
        />
        <p>{t("healthData.card")}</p>
      </LegalSection>

      <LegalSection id="health-data-why" title={t("healthData.whyTitle")}>
        <LegalItems ids={["healthData.whyReview", "healthData.whyShip", "healthData.whyEmail"]} />
      </LegalSection>

      <LegalSection id="health-data-sources" title={t("healthData.sourcesTitle")}>
        <LegalItems ids={["healthData.sourceYou", "healthData.sourceProvider"]} />
      </LegalSection>

      <LegalSection id="health-data-shared" title={t("healthData.sharedTitle")}>
        <LegalItems ids={["healthData.sharedProvider", "healthData.sharedPayments", "healthData.sharedMail"]} />
      </LegalSection>

      <LegalSection id="health-data-never" title={t("healthData.neverTitle")}>
        <p>{t("healthData.never")}</p>
      </LegalSection>

      <LegalSection id="health-data-keeping" title={t("healthData.keepingTitle")}>
        <ul>
          <li>{t("healthData.keepVisit", { days: page.abandonedFlowDays })}</li>
          <li>{t("healthData.keepOrder")}</li>
          <li>{t("healthData.keepRecords")}</li>
          <li>{t("healthData.keepEmails", { days: deliveredOutboxKeptDays })}</li>
          <li>{t("healthData.keepRequests", { months: healthDataRequestsKeptMonths })}</li>
        </ul>
      </LegalSection>

      <LegalSection id="health-data-request" title={t("healthData.requestTitle")}>
        <p>{t("healthData.requestLead")}</p>
        <p>{t("healthData.requestHerPage")}</p>
        <RequestForm />
      </LegalSection>

      <LegalSection id="health-data-appeal" title={t("healthData.appealTitle")}>
        <p>
          <Rich id="healthData.appeal" values={{ email, days: healthDataAppealDays }} />
        </p>
      </LegalSection>

      <LegalSection id="health-data-contact" title={t("legal.contactTitle")}>
        <p>
          <Rich id="healthData.contact" values={{ phone, email }} />
        </p>
      </LegalSection>
    </LegalPage>
  );
}
