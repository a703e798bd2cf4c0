/** Covers the page while a payment is under way, and says so to screen readers at once. */
export function ProcessingOverlay() {
  return (
    <div className="overlay" role="status" aria-live="assertive">
      <div className="overlay-panel">
        <p className="overlay-title">Processing Payment... Do not close this window.</p>
      </div>
    </div>
  );
}
