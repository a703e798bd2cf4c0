import { subscriptionTerms } from "../funnel/subscription-terms";
import { useT } from "./i18n";

/** The subscription's terms as a list, the same sentences on every screen that shows them. */
export function SubscriptionTermsList({ id, className }: { id?: string; className?: string }) {
  const t = useT();
  return (
    <ul className={className} id={id}>
      {subscriptionTerms(t).map((term) => (
        <li key={term}>{term}</li>
      ))}
    </ul>
  );
}
