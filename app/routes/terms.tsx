import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useT } from "../components/i18n";
import { LegalPage, LegalSection } from "../components/legal-page";
import { SubscriptionTermsList } from "../components/subscription-terms";
import { contact } from "../funnel/marketing";
import { planCodes, plans } from "../funnel/plans";
import { preAuthorisationNote } from "../funnel/subscription-terms";
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
    <LegalPage
      title="Terms of Service"
      lead="These terms explain how our menopause care service works, how you are billed, and how to cancel."
    >
      <LegalSection id="terms-service" title="The service">
        <p>
          We offer menopause care online. You answer a short questionnaire, choose a treatment and a billing plan,
          and give your details. A licensed medical team reviews every plan before any medication is prescribed.
        </p>
        <p>
          Treatment is prescribed only if a licensed provider decides it is right for you. After you pay, our team
          will contact you within 24 hours.
        </p>
      </LegalSection>

      <LegalSection id="terms-subscription" title="Subscription terms">
        <SubscriptionTermsList />
      </LegalSection>

      <LegalSection id="terms-plans" title="Billing plans">
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
      </LegalSection>

      <LegalSection id="terms-pre-authorisation" title="Card pre-authorisation">
        <p>{preAuthorisationNote(useT())}</p>
        <p>If your treatment is not prescribed, you are not charged.</p>
      </LegalSection>

      <LegalSection id="terms-shipping" title="Shipping">
        <p>
          Shipping is free. If your treatment is prescribed, your medication is shipped within 3-5 business days. We
          ship to addresses in the United States and cannot deliver to a PO Box.
        </p>
      </LegalSection>

      <LegalSection id="terms-cancel" title="Cancelling">
        <p>
          You can cancel at any time. Call us on <a href={contact.phoneHref}>{contact.phoneDisplay}</a> or email{" "}
          <a href={`mailto:${contact.email}`}>{contact.email}</a> with your name and the email address you used at
          checkout.
        </p>
        <p>
          Cancelling stops future renewals. To stop the next one, cancel at least 72 hours before your next billing
          date.
        </p>
      </LegalSection>

      <LegalSection id="terms-contact" title="Contact us">
        <p>
          Questions about these terms or your subscription? Call{" "}
          <a href={contact.phoneHref}>{contact.phoneDisplay}</a> or email{" "}
          <a href={`mailto:${contact.email}`}>{contact.email}</a>.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
