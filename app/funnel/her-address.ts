// Her shipping address changed from her private page (/subscription/{token}/address): while
// her order still runs, with the checkout's own rules (final-checkout.ts shippingSchema, the
// ZIP against the state, where her medications may go). Pure: the service asks these rules.
import type { Translator } from "../i18n/languages";
import type { ShippingAddress } from "./final-checkout";
import { stateName } from "./state-availability";
import { minutesOf, waitInMinutes } from "./rate-limits";
import { isFinalState, subscriptionStates, type SubscriptionState } from "./subscription-life";

/**
 * While something may still be shipped: under review (a prescription ships to it), waiting for
 * a payment, running, or ending (its last renewal still ships). Ended orders ship nothing more.
 */
export const addressChangeStates: readonly SubscriptionState[] = subscriptionStates.filter((state) => !isFinalState(state));

export function canChangeAddress(state: SubscriptionState): boolean {
  return addressChangeStates.includes(state);
}

export const herAddressMessages = {
  ended: "This order has ended, so nothing more will be shipped and its shipping address can no longer be changed.",
  movedOn:
    "Your shipping address was changed a moment ago, perhaps in another window. The address below is the one we have now: check it, and change it again if you need to.",
  same: "This is already the address your order ships to, so nothing was changed.",
} as const;

/** The same in her language (her page); the console keeps the English above. */
export function herAddressWords(t: Translator): Record<keyof typeof herAddressMessages, string> {
  return { ended: t("herAddress.ended"), movedOn: t("herAddress.movedOn"), same: t("herAddress.same") };
}

/** Over the limit of address changes: above the form (in her language with `t`). */
export function tooManyAddressChangesMessage(retryAfterSeconds: number, t?: Translator): string {
  if (t) return t("herAddress.tooMany", { minutes: minutesOf(retryAfterSeconds) });
  return `You have changed your address many times in a short while. Please try again in ${waitInMinutes(retryAfterSeconds)}, or call or email us.`;
}

/** The address's lines as her page shows it: "1 Main St", "Apt 2", "Portland, OR 97201". */
export function addressLines(address: ShippingAddress): string[] {
  return [address.addressLine1, address.addressLine2 ?? "", `${address.city}, ${address.state} ${address.zipCode}`]
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

/** Where it ships, as her email may say it: the town and the state, never the street. */
export function shipToText(city: string, state: string): string {
  return `${city.trim()}, ${stateName(state)}`;
}

const canonical = (text: string | undefined) => (text ?? "").trim().replace(/\s+/g, " ").toUpperCase();

/** The same place to deliver to, whatever the spacing or the letters' case. */
export function sameAddress(a: ShippingAddress, b: ShippingAddress): boolean {
  return (["addressLine1", "addressLine2", "city", "state", "zipCode"] as const).every((key) => canonical(a[key]) === canonical(b[key]));
}
