import { useT } from "../../components/i18n";
import { RenewalTerms } from "../../components/renewal-terms";
import { checkoutDisclosure } from "../../funnel/consent";
import type { PlanCode } from "../../funnel/plans";

/**
 * The subscription's terms in plain words, above the card fields; the same lines are kept as
 * the record of her consent when her card is authorized. `lastDay` comes written from the
 * server, so the page draws the same date in the browser.
 */
export function RenewalDisclosure(props: { plan: PlanCode; renewalCents: number; holdCents: number; lastDay: string }) {
  return <RenewalTerms lines={checkoutDisclosure(useT(), props.plan, props.renewalCents, props.holdCents, props.lastDay)} />;
}
