import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { LegalPage, LegalSection } from "../components/legal-page";
import { contact } from "../funnel/marketing";
import type { RouteHandle } from "../route-handle";
import { keepEntryPageHeaders } from "../route-headers";
import { entryPageHeaders } from "../server/http/entry-pages.server";

export const handle: RouteHandle = { title: "Privacy Policy" };

export const headers = keepEntryPageHeaders;

export function loader({ request }: LoaderFunctionArgs) {
  return data(null, { headers: entryPageHeaders("privacy", request) });
}

export default function Privacy() {
  return (
    <LegalPage
      title="Privacy Policy"
      lead="This page explains what information we collect, why we need it, who receives it, and how to ask us to see or delete it."
    >
      <LegalSection id="privacy-collect" title="What we collect">
        <ul>
          <li>Your answers to the questionnaire</li>
          <li>Your name, email address and phone number</li>
          <li>Your shipping address</li>
          <li>The treatments and billing plan you choose</li>
          <li>The campaign details in the link that brought you here, such as a referral code</li>
        </ul>
        <p>
          Your card details are handled by our payment provider. We never store them, apart from the card brand and
          its last four digits.
        </p>
      </LegalSection>

      <LegalSection id="privacy-why" title="Why we collect it">
        <ul>
          <li>To prepare your treatment plan</li>
          <li>For the medical review of your plan</li>
          <li>To ship your medication if it is prescribed</li>
          <li>To bill you for your subscription</li>
        </ul>
      </LegalSection>

      <LegalSection id="privacy-recipients" title="Who receives it">
        <ul>
          <li>Our provider's licensed medical team, who review your plan</li>
          <li>Our provider's pharmacy, which prepares and ships your medication</li>
          <li>Our payment processor, which handles your card</li>
        </ul>
      </LegalSection>

      <LegalSection id="privacy-keeping" title="How we keep it">
        <p>
          Your information is kept on our servers. Your personal details can be read only from the browser session
          that entered them, or through a secure link. They are never written to our logs.
        </p>
      </LegalSection>

      <LegalSection id="privacy-cookies" title="Cookies">
        <p>We use two cookies, and no advertising cookies:</p>
        <ul>
          <li>A session cookie that carries only an id, so we can recognise your visit</li>
          <li>A short-lived notice cookie that carries a message to the next page you see</li>
        </ul>
      </LegalSection>

      <LegalSection id="privacy-choices" title="Your choices">
        <p>
          You can ask to see the information we hold about you, or ask us to delete it, by contacting us. Some
          records, such as payment records, may have to be kept where the law requires it.
        </p>
      </LegalSection>

      <LegalSection id="privacy-contact" title="Contact us">
        <p>
          Call <a href={contact.phoneHref}>{contact.phoneDisplay}</a> or email{" "}
          <a href={`mailto:${contact.email}`}>{contact.email}</a>.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
