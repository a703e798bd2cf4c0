// Her health data (/health-data-privacy/{token}), opened from the link emailed to her: every
// visit and order of her email as her own download shows it, and one button, behind a box she
// checks, that deletes them all. A plain form: no script.
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { ErrorSummary } from "../../components/error-summary";
import { CheckboxField } from "../../components/field";
import { useT } from "../../components/i18n";
import { useFormReply } from "../../components/use-form-reply";
import type { RouteHandle } from "../../route-handle";
import { keepRetryAfter } from "../../route-headers";
import { privatePageHeaders } from "../../server/subscriptions/private-page.server";
import { healthDataPage, pressDelete } from "./health-data-page.server";

export const handle: RouteHandle = { title: "healthDataLink.title" };

export const headers: HeadersFunction = (args) => ({ ...privatePageHeaders, ...(keepRetryAfter(args) as Record<string, string>) });

export const meta: MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return healthDataPage(request, params.token ?? "");
}

export async function action({ request, params }: ActionFunctionArgs) {
  return pressDelete(request, params.token ?? "");
}

export default function HerHealthData() {
  const t = useT();
  const page = useLoaderData<typeof loader>();
  const form = useFormReply({ id: "data-deletion", names: ["confirm"] as const });
  return (
    <div className="step her-subscription">
      <section className="panel narrow" aria-labelledby="page-title">
        <h1 id="page-title">{t("healthDataLink.title")}</h1>
        <ErrorSummary summary={form.summary} formErrors={form.formErrors} />
        {page.flows.length === 0 ? (
          <p className="lead">{t("healthDataLink.nothing")}</p>
        ) : (
          <>
            <p className="lead">{t("healthDataLink.lead")}</p>
            {page.flows.map((flow, index) => (
              <section key={index} aria-labelledby={`flow-${index}`}>
                <h2 id={`flow-${index}`}>
                  {flow.reference ? t("healthDataLink.order", { reference: flow.reference }) : t("healthDataLink.visit")}
                </h2>
                {/* The file's words are English, as her download's are. */}
                <pre className="health-data-file" lang="en">
                  {flow.file}
                </pre>
              </section>
            ))}
          </>
        )}
        <h2>{t("healthDataLink.deleteTitle")}</h2>
        <p>{t("healthDataLink.deleteWhat")}</p>
        <p>
          <strong>{t("healthDataLink.deleteOnce")}</strong>
        </p>
        <Form method="post" id="data-deletion" noValidate reloadDocument>
          <CheckboxField field={form.fields.confirm} label={t("healthDataLink.confirmLabel")} />
          <button type="submit" className="button button-danger">
            {t("healthDataLink.delete")}
          </button>
        </Form>
      </section>
    </div>
  );
}
