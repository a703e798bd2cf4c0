import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { contact } from "../funnel/marketing";
import { planCodes, plans } from "../funnel/plans";
import { preAuthorisationNote, subscriptionTerms } from "../funnel/subscription-terms";
import type { RouteHandle } from "../route-handle";
import { keepEntryPageHeaders } from "../route-headers";
import { entryPageHeaders } from "../server/http/entry-pages.server";

export const handle: RouteHandle = { title: "Terms of Service" };

export const headers = keepEntryPageHeaders;

export function loader({ request }: LoaderFunctionArgs) {
  return data(null, { headers: entryPageHeaders("terms", request) });
}

export default function Terms() {
  return (
    <article className="step legal">
      <h1>Terms of Service</h1>
      <p className="lead">
        These terms explain how our menopause care service works, how you are billed, and how to cancel.
      </p>

      <section aria-labelledby="terms-service">
        <h2 id="terms-service">The service</h2>
        <p>
          We offer menopause care online. You answer a short questionnaire, choose a treatment and a billing plan,
          and give your details. A licensed medical team reviews every plan before any medication is prescribed.
        </p>
        <p>
          Treatment is prescribed only if a licensed provider decides it is right for you. After you pay, our team
          will contact you within 24 hours.
        </p>
      </section>

      <section aria-labelledby="terms-subscription">
        <h2 id="terms-subscription">Subscription terms</h2>
        <ul>
          {subscriptionTerms.map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="terms-plans">
        <h2 id="terms-plans">Billing plans</h2>
        <p>You choose one billing plan at checkout. Each plan is billed as follows:</p>
        <ul>
          {planCodes.map((code) => (
            <li key={code}>
              <strong>{plans[code].label}</strong>: billed {plans[code].cadence}
            </li>
          ))}
        </ul>
        <p>
          The checkout page shows the plans currently offered and the price of each, before you pay. All provider
          visits are included in the price.
        </p>
      </section>

      <section aria-labelledby="terms-pre-authorisation">
        <h2 id="terms-pre-authorisation">Card pre-authorisation</h2>
        <p>{preAuthorisationNote}</p>
        <p>If your treatment is not prescribed, you are not charged.</p>
      </section>

      <section aria-labelledby="terms-shipping">
        <h2 id="terms-shipping">Shipping</h2>
        <p>
          Shipping is free. If your treatment is prescribed, your medication is shipped within 3-5 business days. We
          ship to addresses in the United States and cannot deliver to a PO Box.
        </p>
      </section>

      <section aria-labelledby="terms-cancel">
        <h2 id="terms-cancel">Cancelling</h2>
        <p>
          You can cancel at any time. Call us on <a href={contact.phoneHref}>{contact.phoneDisplay}</a> or email{" "}
          <a href={`mailto:${contact.email}`}>{contact.email}</a> with your name and the email address you used at
          checkout.
        </p>
        <p>
          Cancelling stops future renewals. To stop the next one, cancel at least 72 hours before your next billing
          date.
        </p>
      </section>

      <section aria-labelledby="terms-contact">
        <h2 id="terms-contact">Contact us</h2>
        <p>
          Questions about these terms or your subscription? Call{" "}
          <a href={contact.phoneHref}>{contact.phoneDisplay}</a> or email{" "}
          <a href={`mailto:${contact.email}`}>{contact.email}</a>.
        </p>
      </section>
    </article>
  );
}
