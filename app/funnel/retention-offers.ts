// A break offered instead of cancelling (her billing date moved, a period skipped) is a
// retention offer. Minnesota (Minn. Stat. 325G.56 to 325G.62, in force January 2025) forbids
// one during cancellation unless she first says she would like to hear it: there her cancel
// page offers none, and only once she has canceled is she asked whether she would like to.
// Her state is her shipping address's.

/** States where a retention offer waits until she asks for one. */
export const offerOnlyWhenAskedStates: readonly string[] = ["MN"];

/** Whether her cancel page may offer a break beside the cancel button. */
export function offerBeforeCancelAllowed(shippingState: string | undefined): boolean {
  return !offerOnlyWhenAskedStates.includes((shippingState ?? "").trim().toUpperCase());
}
