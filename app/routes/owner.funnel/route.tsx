// The owner's funnel: flows of a date range by step (chart and table), grouped or filtered by
// source, campaign, referral code and variant; the variants compared; the money; the health
// of what runs in the background. A GET form, so every state has its own address and works
// without JavaScript.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { ErrorSummary } from "../../components/error-summary";
import { Field, SelectField } from "../../components/field";
import { useFormReply } from "../../components/use-form-reply";
import { dimensionLabels, noValue, reportDimensions } from "../../funnel/funnel-report";
import { variantLabels, variants } from "../../funnel/variant";
import type { RouteHandle } from "../../route-handle";
import { requireStaff } from "../../server/staff/staff-session.server";
import { FunnelReport } from "./report-page";
import { queryNames, readReportQuery, reportPage } from "./report-page.server";

export const handle: RouteHandle = {
  title: (data) => `${(data as { errors?: unknown } | undefined)?.errors ? "Error: " : ""}Funnel: Owner's console`,
};

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "funnel");
  const read = await readReportQuery(request);
  if (!read.ok) return data({ typed: read.typed, errors: read.errors, report: null }, { status: 400 });
  return { typed: { ...read.query } as Record<string, string | undefined>, errors: null, report: await reportPage(read.query) };
}

/** The filters whose values come from the flows of the range (a variant is one of ours). */
const trackedDimensions = ["source", "campaign", "referral"] as const;
type TrackedDimension = (typeof trackedDimensions)[number];

export default function ConsoleFunnel() {
  const { typed, errors, report } = useLoaderData<typeof loader>();
  const form = useFormReply({
    id: "report",
    names: queryNames,
    lastResult: errors ? { status: "error", initialValue: typed, error: errors } : null,
    defaultValue: typed,
  });
  const choicesOf = (dimension: TrackedDimension) => {
    const offered = report?.choices[dimension] ?? [];
    const options: [string, string][] = offered.map((choice) => [
      choice.value,
      `${choice.value} (${choice.flows.toLocaleString("en-US")})`,
    ]);
    const current = typed[dimension];
    // A value typed into the address that no flow of the range has is still shown as chosen.
    if (current && !offered.some((choice) => choice.value === current)) options.push([current, `${current} (0)`]);
    if (!options.some(([value]) => value === noValue)) options.push([noValue, noValue]);
    return options;
  };
  return (
    <section className="owner-page owner-funnel" aria-labelledby="page-title">
      <h1 id="page-title">Funnel</h1>
      <p className="owner-count">Flows that began between two days (both included, in UTC), followed to today.</p>
      <Form method="get" action="/owner/funnel" id="report" className="owner-report-form" noValidate>
        <ErrorSummary summary={form.summary} />
        <Field field={form.fields.from} type="date" label="From" autoComplete="off" />
        <Field field={form.fields.to} type="date" label="To" autoComplete="off" />
        {trackedDimensions.map((dimension) => (
          <SelectField
            key={dimension}
            field={form.fields[dimension]}
            label={dimensionLabels[dimension]}
            emptyChoice="All"
            options={choicesOf(dimension)}
            autoComplete="off"
          />
        ))}
        <SelectField
          field={form.fields.variant}
          label={dimensionLabels.variant}
          emptyChoice="All"
          options={variants.map((variant) => [variant, variantLabels[variant]] as const)}
          autoComplete="off"
        />
        <SelectField
          field={form.fields.group}
          label="Group by"
          emptyChoice="No grouping"
          options={reportDimensions.map((dimension) => [dimension, dimensionLabels[dimension]] as const)}
          autoComplete="off"
        />
        <button type="submit" className="owner-button owner-button-primary">
          Show
        </button>
      </Form>
      {report ? <FunnelReport report={report} /> : null}
    </section>
  );
}
