import { subscriptionTerms } from "../funnel/subscription-terms";

/** The subscription's terms as a list, the same sentences on every screen that shows them. */
export function SubscriptionTermsList({ id, className }: { id?: string; className?: string }) {
  return (
    <ul className={className} id={id}>
      {subscriptionTerms.map((term) => (
        <li key={term}>{term}</li>
      ))}
    </ul>
  );
}
