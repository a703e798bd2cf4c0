/**
 * The GOV.UK error summary for a problem with the whole form rather than one field (too many
 * attempts): "There is a problem" and the message, with no field to link to.
 */
export function FormProblem({ messages }: { messages: string[] | null | undefined }) {
  if (!messages?.length) return null;
  return (
    <div className="error-summary" role="alert" aria-labelledby="form-problem-title" tabIndex={-1}>
      <h2 id="form-problem-title">There is a problem</h2>
      <ul>
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </div>
  );
}
