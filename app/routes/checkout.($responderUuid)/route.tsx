import type { ReactNode } from "react";
import { Form, useLoaderData } from "@remix-run/react";
import { MedicationGrid, PlanToggle } from "./medication-grid";
import { TestimonialList } from "./testimonial-list";
import { TrustBadges } from "../../components/trust-badges";
import { TrustIndicators } from "./trust-indicators";
import { Rich, useT } from "../../components/i18n";
import { lowestMonthlyPrice } from "../../funnel/marketing";
import { formatDollars } from "../../funnel/pricing";
import type { RouteHandle } from "../../route-handle";
import { keepRetryAfter } from "../../route-headers";
import { applyChoice, selectionPage } from "./selection.server";

export const handle: RouteHandle = { title: "selection.title", drawnFromData: true };

export const headers = keepRetryAfter;

export const loader = selectionPage;

export const action = applyChoice;

// eslint-disable-next-line react/display-name -- renders a link inside a translated sentence for t(), not a component
const link = (href: string) => (chunks: ReactNode) => <a href={href}>{chunks}</a>;

export default function SelectionPage() {
  const t = useT();
  const { model, testimonials, flowClaim, sharePlan } = useLoaderData<typeof loader>();
  return (
    <div className="selection-page">
      <header className="selection-intro">
        <h1>{t("selection.title")}</h1>
        <p className="lead">{t("selection.lead", { price: formatDollars(lowestMonthlyPrice) })}</p>
      </header>
      <PlanToggle model={model} flowClaim={flowClaim} />
      <MedicationGrid model={model} flowClaim={flowClaim} />
      {model.summary ? (
        <Form method="post" className="add-to-plan" id="add-to-plan">
          {flowClaim ? <input type="hidden" name="flowClaim" value={flowClaim} /> : null}
          <input type="hidden" name="intent" value="add-to-plan" />
          <p className="plan-total">
            <strong>
              {formatDollars(model.summary.total)}
              {model.summary.period}
            </strong>{" "}
            <span className="cadence">{t("selection.summary", { count: model.summary.count, cadence: model.summary.cadence })}</span>
          </p>
          <button type="submit" className="button button-primary">
            {t("selection.addToPlan")}
          </button>
          {sharePlan ? (
            <p className="share-plan">
              <Rich id="selection.sharePlan" values={{ link: link(sharePlan) }} />
            </p>
          ) : null}
        </Form>
      ) : null}
      <TrustIndicators />
      <TestimonialList testimonials={testimonials} />
      <TrustBadges />
    </div>
  );
}
