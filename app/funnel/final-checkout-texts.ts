// Texts of the final checkout that its components show in the browser, apart from the form's
// schemas in final-checkout.ts: importing that module would put Zod and libphonenumber (about
// 120 KB gzipped) into the one page that hydrates.

/** The older variant's Billing Address section (spec section 2): the box that starts ticked. */
export const billingSameLabel = "Billing is same as shipping information";
