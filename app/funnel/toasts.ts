// The toasts of spec section 8, in the spec's words. Only one shows at a time. A toast that
// follows a redirect travels in a flash cookie as its code, never as text.

export interface Toast {
  title: string;
  description: string;
  tone: "success" | "error";
}

export const toastCodes = ["details-loaded", "token-error", "account-found", "token-error-support"] as const;
export type ToastCode = (typeof toastCodes)[number];

export const toasts: Record<ToastCode, Toast> = {
  "details-loaded": {
    title: "Details Loaded",
    description: "Your information has been pre-filled from the secure token.",
    tone: "success",
  },
  "token-error": {
    title: "Token Error",
    description: "The token format is invalid or corrupted. Please proceed with manual entry.",
    tone: "error",
  },
  "account-found": {
    title: "Account Found",
    description: "Your information has been pre-filled from your secure session.",
    tone: "success",
  },
  // Spec section 8: the final checkout adds a hint to contact support.
  "token-error-support": {
    title: "Token Error",
    description:
      "The token format is invalid or corrupted. Please proceed with manual entry. If this keeps happening, please contact support.",
    tone: "error",
  },
};

export const missingInformationToast: Toast = {
  title: "Missing Information",
  description: "Please fill in all required fields.",
  tone: "error",
};

/** Why a save of ours failed, in words she can act on (the {reason} of spec section 8). */
export const saveFailedReason = "our records could not be updated just now. Please try again in a moment.";

export function saveFailedToast(reason: string = saveFailedReason): Toast {
  return { title: "Error", description: `Failed to save your information: ${reason}`, tone: "error" };
}

export function isToastCode(value: unknown): value is ToastCode {
  return typeof value === "string" && (toastCodes as readonly string[]).includes(value);
}
