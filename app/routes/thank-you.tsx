import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { contact } from "../funnel/marketing";
import { variantFacts } from "../funnel/variant";
import type { RouteHandle } from "../route-handle";
import { entryPageHeaders } from "../server/http/entry-pages.server";
import { keepsTrackingParams } from "../server/visitor/tracking-visit.server";
import { variantOf } from "../server/visitor/variant-cookie.server";
import { keepEntryPageHeaders } from "../route-headers";

export const handle: RouteHandle = { title: "Payment Completed Successfully!" };

export const headers = keepEntryPageHeaders;

/** Her variant's line (the older variant speaks of a weight loss journey, spec section 1). */
export async function loader({ request }: LoaderFunctionArgs) {
  // A visitor with neither link nor cookie has no flow: a split's draw says nothing of hers.
  const { variant, from } = await variantOf(request, { remember: false });
  const journey = from === "draw" ? null : variantFacts[variant].thankYouJourney;
  const kept = await keepsTrackingParams(request);
  return data({ journey }, { headers: kept ?? entryPageHeaders("thank-you", request) });
}

export default function ThankYou() {
  const { journey } = useLoaderData<typeof loader>();
  return (
    <div className="step thank-you">
      <img className="success-mark" src="/icons/check-circle.svg" alt="" width="56" height="56" />
      <h1>Payment Completed Successfully!</h1>
      <p className="lead">We have sent a confirmation email with the details of your order.</p>
      <p>Our team will contact you within 24 hours</p>
      {journey ? <p className="journey">{journey}</p> : null}
      <section className="next-steps" aria-labelledby="next-steps-title">
        <h2 id="next-steps-title">Next steps</h2>
        <ol className="numbered-steps">
          <li>
            <h3>Confirmation email</h3>
            <p>Check your inbox for your order confirmation. It has a private link where you can see your order or cancel online at any time.</p>
          </li>
          <li>
            <h3>Medical consultation</h3>
            <p>A licensed provider reviews your plan and may contact you with questions.</p>
          </li>
          <li>
            <h3>Medication shipped</h3>
            <p>If prescribed, your medication is shipped within 3-5 business days.</p>
          </li>
        </ol>
      </section>
      <section className="support" aria-labelledby="support-title">
        <h2 id="support-title">Questions?</h2>
        <p>
          Call <a href={contact.phoneHref}>{contact.phoneDisplay}</a> or email{" "}
          <a href={`mailto:${contact.email}`}>{contact.email}</a>
        </p>
      </section>
      <Link className="button button-primary" to="/">
        Return to Homepage
      </Link>
    </div>
  );
}
