// The home page, the terms, the privacy policy, her plan's printable page (/plan), asking for a new link (/subscription), the page after her data is deleted, and the toasts.
// The English is the spec's, word for word.
export const sitePagesEn = {} as const;
