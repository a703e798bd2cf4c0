import type { Toast } from "../funnel/toasts";

/**
 * The one toast of the page (spec section 8). It stays until dismissed (the spec's removal
 * delay is 1,000,000 ms), and dismissing needs no JavaScript: a form with method "dialog"
 * closes its dialog natively.
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
          Dismiss<span className="visually-hidden"> notice: {toast.title}</span>
        </button>
      </form>
    </dialog>
  );
}
