import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useEntryHref, useT, Rich } from "../components/i18n";
import { SupportBox } from "../components/support-box";
import { contact } from "../funnel/marketing";
import { variantFacts } from "../funnel/variant";
import { translator } from "../i18n/messages";
import type { RouteHandle } from "../route-handle";
import { entryPageHeaders } from "../server/http/entry-pages.server";
import { pageLanguage } from "../server/visitor/language.server";
import { headersKeepingTrackingParams } from "../server/visitor/tracking-visit.server";
import { variantOf } from "../server/visitor/variant-cookie.server";
import { keepEntryPageHeaders } from "../route-headers";

export const handle: RouteHandle = { title: "thankYou.title" };

export const headers = keepEntryPageHeaders;

/** Her variant's line (the older variant speaks of a weight loss journey, spec section 1). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  // A visitor with neither link nor cookie has no flow: a split's draw says nothing of hers.
  const { variant, from } = await variantOf(request, { remember: false });
  // An entry page: its language is the address's alone, as root's.
  const { language } = await pageLanguage(request, params);
  const journey = from !== "draw" && variantFacts[variant].thankYouJourney ? translator(language)("thankYou.journey") : null;
  const kept = await headersKeepingTrackingParams(request);
  return data({ journey }, { headers: kept ?? entryPageHeaders("thank-you", request) });
}

export default function ThankYou() {
  const { journey } = useLoaderData<typeof loader>();
  const t = useT();
  const home = useEntryHref("/");
  return (
    <div className="step thank-you">
      <img className="success-mark" src="/icons/check-circle.svg" alt="" width="56" height="56" />
      <h1>{t("thankYou.title")}</h1>
      <p className="lead">{t("thankYou.emailSent")}</p>
      <p>{t("thankYou.contactSoon")}</p>
      {journey ? <p className="journey">{journey}</p> : null}
      <section className="next-steps" aria-labelledby="next-steps-title">
        <h2 id="next-steps-title">{t("thankYou.nextSteps")}</h2>
        <ol className="numbered-steps">
          <li>
            <h3>{t("thankYou.emailTitle")}</h3>
            <p>{t("thankYou.emailText")}</p>
          </li>
          <li>
            <h3>{t("thankYou.consultationTitle")}</h3>
            <p>{t("thankYou.consultationText")}</p>
          </li>
          <li>
            <h3>{t("thankYou.shippedTitle")}</h3>
            <p>{t("thankYou.shippedText")}</p>
          </li>
        </ol>
      </section>
      <SupportBox title={t("thankYou.questions")}>
        <Rich
          id="thankYou.support"
          values={{
            phone: <a href={contact.phoneHref}>{contact.phoneDisplay}</a>,
            email: <a href={`mailto:${contact.email}`}>{contact.email}</a>,
          }}
        />
      </SupportBox>
      <Link className="button button-primary" to={home}>
        {t("thankYou.home")}
      </Link>
    </div>
  );
}
