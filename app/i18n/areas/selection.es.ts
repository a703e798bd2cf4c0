// The selection page (/checkout) and the pre-checkout details page (/pre-checkout).
// Trato de "usted", español de EE. UU. Typed by the English ids: a missing or extra id does not compile.
import type { selectionEn } from "./selection.en";

export const selectionEs: Record<keyof typeof selectionEn, string> = {};
