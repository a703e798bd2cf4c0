// The home page, the terms, the privacy policy, her plan's printable page (/plan), asking for a new link (/subscription), the page after her data is deleted, and the toasts.
// Trato de "usted", español de EE. UU. Typed by the English ids: a missing or extra id does not compile.
import type { sitePagesEn } from "./site-pages.en";

export const sitePagesEs: Record<keyof typeof sitePagesEn, string> = {};
