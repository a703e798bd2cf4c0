import type { SummaryEntry } from "./form-reply";
import { useT } from "./i18n";

/**
 * The GOV.UK error summary at the top of a form: "There is a problem", the form's own messages
 * (too many attempts: no field to link to), then a link to each field in error.
 */
export function ErrorSummary({ summary, formErrors = [] }: { summary: SummaryEntry[]; formErrors?: readonly string[] }) {
  const t = useT();
  if (summary.length === 0 && formErrors.length === 0) return null;
  return (
    <div className="error-summary" role="alert" aria-labelledby="error-summary-title" tabIndex={-1}>
      <h2 id="error-summary-title">{t("common.problem")}</h2>
      <ul>
        {formErrors.map((message) => (
          <li key={message}>{message}</li>
        ))}
        {summary.map((entry) => (
          <li key={entry.fieldId}>
            <a href={`#${entry.fieldId}`}>{entry.message}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}
