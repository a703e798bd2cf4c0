import type { ReactNode } from "react";
import type { Toast } from "../funnel/toasts";
import { Rich } from "./i18n";

const hidden = (chunks: ReactNode) => <span className="visually-hidden">{chunks}</span>;

/**
 * The one toast of the page (spec section 8). It stays until dismissed (the spec's removal
 * delay is 1,000,000 ms), and dismissing needs no JavaScript: a form with method "dialog"
 * closes its dialog natively. The toast comes in her words (`toastIn` on the server); the
 * button's words are the page's.
 */
export function ToastNotice({ toast }: { toast: Toast | null | undefined }) {
  if (!toast) return null;
  return (
    <dialog open className={`toast toast-${toast.tone}`} aria-labelledby="toast-title">
      <div role={toast.tone === "error" ? "alert" : "status"}>
        <p className="toast-title" id="toast-title">
          {toast.title}
        </p>
        <p className="toast-description">{toast.description}</p>
      </div>
      <form method="dialog">
        <button type="submit" className="toast-dismiss">
          <Rich id="toast.dismiss" values={{ title: toast.title, hidden }} />
        </button>
      </form>
    </dialog>
  );
}
