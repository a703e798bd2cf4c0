// Her private pages about money and plans: her card, paying after a failure, changing plan, and receipts.
// Trato de "usted", español de EE. UU. Typed by the English ids: a missing or extra id does not compile.
import type { herMoneyEn } from "./her-money.en";

export const herMoneyEs: Record<keyof typeof herMoneyEn, string> = {};
