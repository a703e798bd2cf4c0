// Her emails.
// Trato de "usted", español de EE. UU. Typed by the English ids: a missing or extra id does not compile.
import type { emailsEn } from "./emails.en";

export const emailsEs: Record<keyof typeof emailsEn, string> = {};
