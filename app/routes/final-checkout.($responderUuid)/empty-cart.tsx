import { useT } from "../../components/i18n";

/** The final checkout with nothing in the cart: the way back to choose a treatment. */
export function EmptyCart({ responderUuid }: { responderUuid: string | undefined }) {
  const t = useT();
  return (
    <div className="final-checkout">
      <section className="panel narrow empty-cart" aria-labelledby="page-title">
        <h1 id="page-title">{t("finalCheckout.emptyTitle")}</h1>
        <p>{t("finalCheckout.emptyBody")}</p>
        <a className="button button-primary" href={responderUuid ? `/checkout/${responderUuid}` : "/checkout"}>
          {t("finalCheckout.emptyBack")}
        </a>
      </section>
    </div>
  );
}
