/** The final checkout with nothing in the cart: the way back to choose a treatment. */
export function EmptyCart({ responderUuid }: { responderUuid: string | undefined }) {
  return (
    <div className="final-checkout">
      <section className="panel narrow empty-cart" aria-labelledby="page-title">
        <h1 id="page-title">No medications selected</h1>
        <p>Please go back to the checkout page and choose your treatment to continue.</p>
        <a className="button button-primary" href={responderUuid ? `/checkout/${responderUuid}` : "/checkout"}>
          Back to the checkout page
        </a>
      </section>
    </div>
  );
}
