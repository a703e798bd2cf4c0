/**
 * The renewal's terms in plain words, above the card fields she is about to fill (New York's
 * and Massachusetts' automatic renewal laws ask for them before the card): the amount and
 * cadence first and strong, then each other line.
 */
export function RenewalTerms({ lines }: { lines: string[] }) {
  const [amount, ...rest] = lines;
  return (
    <div className="renewal-disclosure">
      <p>
        <strong>{amount}</strong>
      </p>
      {rest.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}
