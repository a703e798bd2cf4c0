// Her private page (/subscription/{token}), its address, billing date, cancel and delete pages, and the refusals of her links.
// Trato de "usted", español de EE. UU. Typed by the English ids: a missing or extra id does not compile.
import type { herPageEn } from "./her-page.en";

export const herPageEs: Record<keyof typeof herPageEn, string> = {};
