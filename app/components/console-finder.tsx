// The search box above a console list: one field under its heading, a plain GET form, so it
// works the same with JavaScript off; a refusal comes back as the page with the message beside
// the field and what was typed kept.
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { ErrorSummary } from "./error-summary";
import type { SummaryEntry } from "./form-reply";

export function ConsoleFinder({
  id,
  title,
  action,
  summary,
  button,
  children,
}: {
  id: string;
  title: ReactNode;
  action: string;
  summary: SummaryEntry[];
  button: string;
  children: ReactNode;
}) {
  const titleId = `${id}-title`;
  return (
    <>
      <h2 id={titleId} className="owner-finder-title">
        {title}
      </h2>
      <Form method="get" action={action} id={id} className="owner-finder" role="search" aria-labelledby={titleId} noValidate>
        <ErrorSummary summary={summary} />
        {children}
        <button type="submit" className="owner-button">
          {button}
        </button>
      </Form>
    </>
  );
}
