/** The GOV.UK error summary: "There is a problem", with a link to each field in error. */
export function ErrorSummary({ errors }: { errors: { fieldId: string; message: string }[] }) {
  if (errors.length === 0) return null;
  return (
    <div className="error-summary" role="alert" aria-labelledby="error-summary-title" tabIndex={-1}>
      <h2 id="error-summary-title">There is a problem</h2>
      <ul>
        {errors.map((error) => (
          <li key={error.fieldId}>
            <a href={`#${error.fieldId}`}>{error.message}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}
