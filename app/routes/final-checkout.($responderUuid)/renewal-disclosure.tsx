import { formatCents } from "../../funnel/cart";
import { amountAndCadence } from "../../funnel/emails";
import type { PlanCode } from "../../funnel/plans";
import { renewalDisclosure } from "../../funnel/subscription-terms";

/** The subscription's terms in plain words, right above COMPLETE PURCHASE. */
export function RenewalDisclosure({ plan, renewalCents, holdCents }: { plan: PlanCode; renewalCents: number; holdCents: number }) {
  const [amount, hold, cancel] = renewalDisclosure(amountAndCadence(renewalCents, plan), formatCents(holdCents), holdCents !== renewalCents);
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
