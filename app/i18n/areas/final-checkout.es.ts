// The final checkout (/final-checkout), its sandbox notice, the payment's return and the sandbox's bank check.
// Trato de "usted", español de EE. UU. Typed by the English ids: a missing or extra id does not compile.
import type { finalCheckoutEn } from "./final-checkout.en";

export const finalCheckoutEs: Record<keyof typeof finalCheckoutEn, string> = {};
