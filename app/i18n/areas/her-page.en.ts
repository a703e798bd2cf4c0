// Her private page (/subscription/{token}), its address, billing date, cancel and delete pages, and the refusals of her links.
// The English is the spec's, word for word.
export const herPageEn = {} as const;
