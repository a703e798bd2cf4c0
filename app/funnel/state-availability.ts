// Where a treatment can be shipped (spec section 2: "We are sorry but this treatment option is
// not available in your state"): each catalogue option may name the states it cannot be
// shipped to (`unavailable_states`; absent: everywhere), and the service itself operates only
// in the states SERVED_STATES names. Pure: the pages and the checkout service ask these rules.
import type { MedicationOption } from "./catalogue";
import { usStates } from "./us-states";

/** Spec section 2, word for word. */
export const stateUnavailableNotice = "We are sorry but this treatment option is not available in your state";

export function stateName(code: string): string {
  return usStates.find(([state]) => state === code)?.[1] ?? code;
}

/** "We are sorry, but we do not serve Alaska yet." and where to look instead. */
export function notServedMessage(code: string): string {
  return `We are sorry, but we do not serve ${stateName(code)} yet: our providers can only prescribe and ship where they are licensed.`;
}

/** Whether `option` can be shipped to `state`; any option can while her state is not known. */
export function availableIn(option: Pick<MedicationOption, "unavailable_states">, state: string | null | undefined): boolean {
  return !state || !(option.unavailable_states ?? []).includes(state);
}

export type ShippingRefusal = { reason: "not_served"; message: string } | { reason: "unavailable"; message: string; optionIds: string[] };

/**
 * Why an order of `options` cannot be shipped to `state`, or null when it can: a state the
 * service does not operate in first, then each option its state does not allow.
 */
export function shippingRefusal(
  options: readonly Pick<MedicationOption, "id" | "unavailable_states">[],
  state: string,
  servedStates: readonly string[],
): ShippingRefusal | null {
  if (!servedStates.includes(state)) return { reason: "not_served", message: notServedMessage(state) };
  const unavailable = options.filter((option) => !availableIn(option, state)).map((option) => option.id);
  return unavailable.length > 0 ? { reason: "unavailable", message: stateUnavailableNotice, optionIds: unavailable } : null;
}
