import { useT } from "../../components/i18n";
import { checkoutDisclosure } from "../../funnel/consent";
import type { PlanCode } from "../../funnel/plans";

/**
 * The subscription's terms in plain words, right above COMPLETE PURCHASE; the same lines are
 * kept as the record of her consent when her card is authorised.
 */
export function RenewalDisclosure({ plan, renewalCents, holdCents }: { plan: PlanCode; renewalCents: number; holdCents: number }) {
  const [amount, hold, cancel] = checkoutDisclosure(useT(), plan, renewalCents, holdCents);
  return (
    <div className="renewal-disclosure">
      <p>
        <strong>{amount}</strong>
      </p>
      <p>{hold}</p>
      <p>{cancel}</p>
    </div>
  );
}
