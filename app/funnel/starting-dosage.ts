// Its own module so that a page drawing it in the browser (the final checkout's order summary)
// ships these few words and not the modules beside them in pre-auth-order.ts's shared chunk.

/** The HRT catalogue names no dosage: the provider sets the starting dose at review. */
export const startingDosage = "Starting dose set by your provider";
