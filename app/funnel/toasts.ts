// The toasts of spec section 8, in the spec's words (the English catalogue's), and in hers
// by `toastIn`. Only one shows at a time. A toast that follows a redirect travels in a flash
// cookie as its code, never as text.
import type { MessageId } from "../i18n/en";
import { selectionEn } from "../i18n/areas/selection.en";
import type { Translator } from "../i18n/languages";

export interface Toast {
  title: string;
  description: string;
  tone: "success" | "error";
}

/** A toast by its catalogue ids: the English table below and her words are both read from them. */
interface ToastWords {
  title: keyof typeof selectionEn & MessageId;
  description: keyof typeof selectionEn & MessageId;
  tone: Toast["tone"];
}

function inEnglish(words: ToastWords): Toast {
  return { title: selectionEn[words.title], description: selectionEn[words.description], tone: words.tone };
}

export const toastCodes = ["details-loaded", "token-error", "account-found", "token-error-support"] as const;
export type ToastCode = (typeof toastCodes)[number];

const toastWords: Record<ToastCode | "missing-information" | "save-failed", ToastWords> = {
  "details-loaded": { title: "toast.detailsLoadedTitle", description: "toast.detailsLoaded", tone: "success" },
  "token-error": { title: "toast.tokenErrorTitle", description: "toast.tokenError", tone: "error" },
  "account-found": { title: "toast.accountFoundTitle", description: "toast.accountFound", tone: "success" },
  // Spec section 8: the final checkout adds a hint to contact support.
  "token-error-support": { title: "toast.tokenErrorTitle", description: "toast.tokenErrorSupport", tone: "error" },
  "missing-information": { title: "toast.missingInformationTitle", description: "toast.missingInformation", tone: "error" },
  // Our own save failing, with the spec's {reason} told in our words.
  "save-failed": { title: "toast.errorTitle", description: "toast.saveFailed", tone: "error" },
};

export const toasts: Record<ToastCode, Toast> = {
  "details-loaded": inEnglish(toastWords["details-loaded"]),
  "token-error": inEnglish(toastWords["token-error"]),
  "account-found": inEnglish(toastWords["account-found"]),
  "token-error-support": inEnglish(toastWords["token-error-support"]),
};

export const missingInformationToast: Toast = inEnglish(toastWords["missing-information"]);

/** Why a save of ours failed, in words she can act on (the {reason} of spec section 8). */
export const saveFailedReason = "our records could not be updated just now. Please try again in a moment.";

export function saveFailedToast(reason: string = saveFailedReason): Toast {
  return { title: "Error", description: `Failed to save your information: ${reason}`, tone: "error" };
}

export function isToastCode(value: unknown): value is ToastCode {
  return typeof value === "string" && (toastCodes as readonly string[]).includes(value);
}

/**
 * One of the toasts above in her words (a toast the flash cookie brought, the Missing
 * Information toast, our save failing). A toast of other words (one a page made in her words
 * already, a provider's reason) is given back as it is.
 */
export function toastIn(toast: Toast, t: Translator): Toast {
  const english = Object.values(toastWords).find((words) => {
    const known = inEnglish(words);
    return known.title === toast.title && known.description === toast.description && known.tone === toast.tone;
  });
  return english ? { title: t(english.title), description: t(english.description), tone: toast.tone } : toast;
}
