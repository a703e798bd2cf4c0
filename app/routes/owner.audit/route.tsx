// The audit log: who did what in the console, when, from where and to which order, newest
// first, 50 a page, filtered by person, action, order and days. A GET form, so each filter
// has its own address (the pages and the CSV keep it) and works without JavaScript. Owners
// only: the log says who looked at whose details.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { ErrorSummary } from "../../components/error-summary";
import { Field, SelectField } from "../../components/field";
import { ConsolePager } from "../../components/console-parts";
import { useFormReply } from "../../components/use-form-reply";
import type { RouteHandle } from "../../route-handle";
import { requireStaff } from "../../server/staff/staff-session.server";
import { actionChoices, auditQueryNames } from "./audit-filters";
import { auditCsvRowLimit, auditPage, auditSearch, pageOf, personChoices, readAuditQuery } from "./audit-page.server";
import { AuditTable, noEntries } from "./audit-table";

export const handle: RouteHandle = {
  title: (data) => `${(data as { errors?: unknown } | undefined)?.errors ? "Error: " : ""}Audit log: Owner's console`,
};

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "audit");
  const search = new URL(request.url).searchParams;
  const read = readAuditQuery(search);
  if (!read.ok) {
    const people = await personChoices(read.typed.person);
    return data({ typed: read.typed, errors: read.errors, people, log: null, search: "" }, { status: 400 });
  }
  const { query } = read;
  const page = pageOf(search.get("page"));
  const [log, people] = await Promise.all([auditPage(query, page), personChoices(query.person)]);
  if (page > log.pageCount) throw redirect(`/owner/audit${auditSearch(query, { page: String(log.pageCount) })}`, 303);
  return {
    typed: { ...query } as Record<string, string | undefined>,
    errors: null,
    people,
    // The CSV's bound, said on the page when the filters find more.
    log: { ...log, csvLimit: log.total > auditCsvRowLimit ? auditCsvRowLimit : null },
    search: auditSearch(query),
  };
}

export default function ConsoleAudit() {
  const { typed, errors, people, log, search } = useLoaderData<typeof loader>();
  const form = useFormReply({
    id: "audit-filters",
    names: auditQueryNames,
    lastResult: errors ? { status: "error", initialValue: typed, error: errors } : null,
    defaultValue: typed,
  });
  return (
    <section className="owner-page" aria-labelledby="page-title">
      <h1 id="page-title">Audit log</h1>
      <p className="owner-count">Everything done in the console, newest first. Days are in UTC, both included.</p>
      <Form method="get" action="/owner/audit" id="audit-filters" className="owner-report-form" noValidate>
        <ErrorSummary summary={form.summary} />
        <SelectField field={form.fields.person} label="Person" emptyChoice="Everyone" options={people} autoComplete="off" />
        <SelectField field={form.fields.action} label="Action" emptyChoice="All actions" options={actionChoices} autoComplete="off" />
        <Field field={form.fields.reference} label="Order reference" hint="For example MC-7KQ2-94XD" autoComplete="off" />
        <Field field={form.fields.from} type="date" label="From" autoComplete="off" />
        <Field field={form.fields.to} type="date" label="To" autoComplete="off" />
        <button type="submit" className="owner-button owner-button-primary">
          Show
        </button>
      </Form>
      {log && log.total === 0 ? <p className="owner-empty">{noEntries}</p> : null}
      {log && log.total > 0 ? (
        <>
          <p className="owner-count">
            {log.total.toLocaleString("en-US")} {log.total === 1 ? "entry" : "entries"}
            {search ? (log.total === 1 ? " matches these filters." : " match these filters.") : " in the log."}
          </p>
          <AuditTable rows={log.lines} />
          <p className="owner-downloads">
            <a href={`/owner/audit.csv${search}`} download>
              Download CSV
            </a>
            {log.csvLimit ? (
              <span className="owner-footnote">The CSV holds the newest {log.csvLimit.toLocaleString("en-US")} of these entries.</span>
            ) : null}
          </p>
          <ConsolePager address={`/owner/audit${search}`} label="Pages of the audit log" page={log.page} pageCount={log.pageCount} />
        </>
      ) : null}
    </section>
  );
}
