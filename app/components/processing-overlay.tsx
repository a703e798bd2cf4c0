import { useT } from "./i18n";

/** Covers the page while a payment is under way, and says so to screen readers at once. */
export function ProcessingOverlay() {
  const t = useT();
  return (
    <div className="overlay" role="status" aria-live="assertive">
      <div className="overlay-panel">
        <p className="overlay-title">{t("processing.title")}</p>
      </div>
    </div>
  );
}
