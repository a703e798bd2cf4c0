// Her private pages about money and plans: her card, paying after a failure, changing plan, and receipts.
// The English is the spec's, word for word.
export const herMoneyEn = {} as const;
