// Her emails.
// The English is the spec's, word for word.
export const emailsEn = {} as const;
