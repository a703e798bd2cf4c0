// /home: the older variant's home-style landing (spec sections 1 and 2): the landing
// statistic (96%), the weight-loss chart and the two weight-loss injections, leading into
// /welcome. A visitor of the current variant has no such page and goes straight to /welcome.
//
// Only her variant is read here, not her session, and nothing is written or set: "Get started"
// carries the link's tracking params and the variant to /welcome, which keeps them when her
// flow begins. So the page is the same for every new visitor with the same link.
import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { keepEntryPageHeaders } from "../../route-headers";
import { useLoaderData } from "@remix-run/react";
import { WeightLossChart } from "./weight-loss-chart";
import { headlineClaim, providersClaim, recommendClaim } from "../../funnel/marketing";
import { formatDollars } from "../../funnel/pricing";
import { readTrackingParams, withQuery } from "../../funnel/tracking";
import { weightLossData, weightLossMedications, weightLossOption } from "../../funnel/weight-loss";
import type { RouteHandle } from "../../route-handle";
import { entryPageHeaders } from "../../server/http/entry-pages.server";
import { variantOf } from "../../server/visitor/variant-cookie.server";

export const handle: RouteHandle = { title: "Menopause and weight-loss care, online" };

/** The injections as the landing lists them, each from its monthly price (out of stock: not listed). */
function weightLossTreatments() {
  return weightLossMedications.flatMap((medication) => {
    const monthly = weightLossOption(medication).monthly_price;
    if (monthly === null) return [];
    const { product_id: productId, name, dosage, equivalent, image } = medication;
    return [{ productId, name, dosage, equivalent, image, fromPrice: `from ${formatDollars(monthly)}/month` }];
  });
}

export const headers = keepEntryPageHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { variant, from } = await variantOf(request, { remember: false });
  if (variant !== "classic") throw redirect(`/welcome${url.search}`, 303);
  return data(
    {
      startUrl: withQuery("/welcome", { ...readTrackingParams(url.searchParams), variant }),
      weightLoss: weightLossData,
      treatments: weightLossTreatments(),
    },
    // A split's draw (no variant in the address, no cookie) is this visitor's alone.
    { headers: from === "link" ? entryPageHeaders("home", request) : {} },
  );
}

export default function Home() {
  const { startUrl, weightLoss, treatments } = useLoaderData<typeof loader>();
  return (
    <div className="step home">
      <section className="hero" aria-labelledby="page-title">
        <p className="eyebrow">{headlineClaim}</p>
        <h1 id="page-title">Care for menopause and weight loss</h1>
        <p className="lead">
          Hormone therapy for menopause symptoms and weekly weight-loss injections, from licensed providers
          online: prescribed only when right for you, and shipped free to your door.
        </p>
        <ul className="claims" aria-label="Why women choose us">
          <li>
            <strong>{recommendClaim.figure}</strong> {recommendClaim.text}
          </li>
          <li>
            <strong>{providersClaim}</strong> licensed and ready to help
          </li>
        </ul>
        <a className="button button-primary" href={startUrl}>
          Get started
        </a>
      </section>

      <WeightLossChart data={weightLoss} />

      <section className="treatments" aria-labelledby="treatments-title">
        <h2 id="treatments-title">Weight-loss treatments</h2>
        <ul className="treatment-list">
          {treatments.map((treatment) => (
            <li key={treatment.productId} className="treatment">
              <img src={treatment.image} alt="" width="48" height="48" />
              <div>
                <h3>{treatment.name}</h3>
                <p>{treatment.dosage}</p>
                <p className="hint">{treatment.equivalent}</p>
                <p className="treatment-price">{treatment.fromPrice}</p>
              </div>
            </li>
          ))}
        </ul>
        <p className="hint">Prescription only: a licensed provider decides whether a treatment is right for you.</p>
      </section>
    </div>
  );
}
