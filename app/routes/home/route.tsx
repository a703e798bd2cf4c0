// /home: the older variant's home-style landing (spec sections 1 and 2): the landing
// statistic (96%), the weight-loss chart and the two weight-loss injections, leading into
// /welcome. A visitor of the current variant has no such page and goes straight to /welcome.
//
// Only her variant is read here, not her session, and nothing is written or set: "Get started"
// carries the link's tracking params, the variant and the language to /welcome, which keeps
// them when her flow begins. So the page is the same for every new visitor with the same link.
// As every shared entry page, it takes its language from the address alone (`?lang=es`).
import type { ReactNode } from "react";
import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { keepEntryPageHeaders } from "../../route-headers";
import { useLoaderData } from "@remix-run/react";
import { Rich, useT } from "../../components/i18n";
import { WeightLossChart } from "./weight-loss-chart";
import { formatDollars } from "../../funnel/pricing";
import { optionWords } from "../../funnel/product-words";
import { readTrackingParams, withQuery } from "../../funnel/tracking";
import { weightLossData, weightLossMedications, weightLossOption } from "../../funnel/weight-loss";
import { chartSummary } from "../../funnel/weight-loss-chart";
import { readLanguage, type Translator } from "../../i18n/languages";
import type { RouteHandle } from "../../route-handle";
import { entryPageHeaders } from "../../server/http/entry-pages.server";
import { variantOf } from "../../server/visitor/variant-cookie.server";
import { translator } from "../../i18n/messages";

export const handle: RouteHandle = { title: "home.title" };

/** The injections as the landing lists them, each from its monthly price (out of stock: not listed). */
function weightLossTreatments(t: Translator) {
  return weightLossMedications.flatMap((medication) => {
    const option = weightLossOption(medication);
    if (option.monthly_price === null) return [];
    const { product_id: productId, name, image } = medication;
    const [dosage, equivalent] = optionWords(option, t).details.map((detail) => detail.text);
    return [{ productId, name, dosage, equivalent, image, fromPrice: t("home.fromPrice", { price: formatDollars(option.monthly_price) }) }];
  });
}

export const headers = keepEntryPageHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { variant, from } = await variantOf(request, { remember: false });
  if (variant !== "classic") throw redirect(`/welcome${url.search}`, 303);
  const language = readLanguage(url.searchParams.get("lang"));
  return data(
    {
      startUrl: withQuery("/welcome", { ...readTrackingParams(url.searchParams), variant, lang: language === "es" ? language : undefined }),
      weightLoss: weightLossData,
      treatments: weightLossTreatments(translator(language ?? "en")),
    },
    // A split's draw (no variant in the address, no cookie) is this visitor's alone.
    { headers: from === "link" ? entryPageHeaders("home", request) : {} },
  );
}

const strong = (chunks: ReactNode) => <strong>{chunks}</strong>;

export default function Home() {
  const t = useT();
  const { startUrl, weightLoss, treatments } = useLoaderData<typeof loader>();
  const chartWords = {
    month: t("home.chartMonth"),
    weight: t("home.chartWeight"),
    summary: chartSummary(weightLoss.milestones, t),
    note: t("home.chartNote"),
  };
  return (
    <div className="step home">
      <section className="hero" aria-labelledby="page-title">
        <p className="eyebrow">{t("home.eyebrow")}</p>
        <h1 id="page-title">{t("home.heading")}</h1>
        <p className="lead">{t("home.lead")}</p>
        <ul className="claims" aria-label={t("home.claimsLabel")}>
          <li>
            <Rich id="home.claimRecommend" values={{ strong }} />
          </li>
          <li>
            <Rich id="home.claimProviders" values={{ strong }} />
          </li>
        </ul>
        <a className="button button-primary" href={startUrl}>
          {t("home.start")}
        </a>
      </section>

      <WeightLossChart data={weightLoss} title={t("home.chartTitle")} words={chartWords} />

      <section className="treatments" aria-labelledby="treatments-title">
        <h2 id="treatments-title">{t("home.treatmentsTitle")}</h2>
        <ul className="treatment-list">
          {treatments.map((treatment) => (
            <li key={treatment.productId} className="treatment">
              <img src={treatment.image} alt="" width="48" height="48" />
              <div>
                {/* A medication's name stays as written, in English. */}
                <h3 lang={t.language === "en" ? undefined : "en"}>{treatment.name}</h3>
                <p>{treatment.dosage}</p>
                <p className="hint">{treatment.equivalent}</p>
                <p className="treatment-price">{treatment.fromPrice}</p>
              </div>
            </li>
          ))}
        </ul>
        <p className="hint">{t("home.prescriptionOnly")}</p>
      </section>
    </div>
  );
}
