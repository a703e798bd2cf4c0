// The selection page (/checkout) and the pre-checkout details page (/pre-checkout).
// The English is the spec's, word for word.
export const selectionEn = {} as const;
