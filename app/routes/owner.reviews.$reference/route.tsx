// One order as the medical team sees it: who she is by first name and last initial, her state,
// her answers in words, the medications and plan she chose; while it waits, Approve or Decline
// with a note for the record; while it runs, medically disqualified with a note. No contact
// details and no money.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DisqualifyForm } from "../../components/disqualify-form";
import { ConsoleArticle, ConsoleSummary, DecisionText, ExpiryWarned, Time } from "../../components/console-parts";
import { useReplyTo } from "../../components/use-form-reply";
import type { RouteHandle } from "../../route-handle";
import { readForm } from "../../server/http/form-body.server";
import { requireStaff } from "../../server/staff/staff-session.server";
import { AnswersList, DecisionForm, MedicationsTable } from "./review-views";
import { reviewAction, reviewedOrder, reviewPage } from "./review-page.server";

export const handle: RouteHandle = {
  title: (data) => {
    const reference = (data as { view?: { reference: string } } | undefined)?.view?.reference;
    return reference ? `Review of ${reference}: Owner's console` : "Review: Owner's console";
  },
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = await requireStaff(request, "reviews");
  return reviewPage(session, await reviewedOrder(params.reference), request);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireStaff(request, "reviews");
  const subscription = await reviewedOrder(params.reference);
  return reviewAction(session, subscription, request, await readForm(request));
}

export default function ConsoleReview() {
  const { view, decide, providerDecides, disqualify, noteMaxLength, notice } = useLoaderData<typeof loader>();
  const disqualifyReply = useReplyTo("disqualify");
  return (
    <ConsoleArticle back={{ href: "/owner/reviews", label: "All reviews" }} title={<>Review of {view.reference}</>} notice={notice}>
      <ConsoleSummary
        facts={[
          { term: "Name", value: view.name },
          { term: "State", value: view.state },
          { term: "Plan", value: `${view.plan} (billed ${view.cadence})` },
          { term: "Order", value: view.orderState },
          // The hold matters only while the order waits for a decision; after, it was captured or let go.
          ...(view.awaitsDecision
            ? [
                { term: "Hold placed", value: <Time iso={view.hold.placedAt} /> },
                {
                  term: "Hold expires",
                  value: <ExpiryWarned iso={view.hold.expiresAt} warning={view.hold.warning} />,
                },
              ]
            : []),
          { term: "Decision", value: <DecisionText decision={view.decision} /> },
        ]}
      />
      <section aria-labelledby="answers-title">
        <h2 id="answers-title">Her answers</h2>
        <dl className="owner-answers">
          <div>
            <dt>Reason she is here today</dt>
            <dd>
              <AnswersList answers={view.motivations} />
            </dd>
          </div>
          <div>
            <dt>Her concerns about HRT</dt>
            <dd>
              <AnswersList answers={view.concerns} />
            </dd>
          </div>
        </dl>
      </section>
      <section aria-labelledby="medications-title">
        <h2 id="medications-title">Medications chosen</h2>
        <MedicationsTable medications={view.medications} />
      </section>
      {decide ? <DecisionForm noteMaxLength={noteMaxLength} /> : null}
      {providerDecides ? (
        <p className="owner-count">The provider records the medical team's decision on this order; it shows here once sent.</p>
      ) : null}
      {disqualify ? <DisqualifyForm lastResult={disqualifyReply} /> : null}
      <p className="owner-footnote">Times are UTC, on the lifecycle clock.</p>
    </ConsoleArticle>
  );
}
