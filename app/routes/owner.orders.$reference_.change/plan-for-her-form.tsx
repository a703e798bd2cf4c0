// "Her plan" on Change for her: her plan now, the plans she may have (a plain GET form, so the
// preview is an address that can be reloaded), those that leave out one of her medications with
// why, and the chosen plan previewed with the disclosure to read to her and the confirm form.
import { Form } from "@remix-run/react";
import { ErrorSummary } from "../../components/error-summary";
import { CheckboxField, SelectField } from "../../components/field";
import { Facts } from "../../components/facts";
import { useFormReply, useReplyTo } from "../../components/use-form-reply";
import { SubscriptionTermsList } from "../../components/subscription-terms";
import { ConsoleBox } from "../../components/console-parts";

export interface PlanSectionView {
  current: string;
  ahead: string | null;
  closed: string | null;
  choices: readonly (readonly [string, string])[];
  unavailable: readonly { plan: string; text: string }[];
  preview: null | {
    plan: string;
    title: string;
    what: string;
    disclosure: readonly string[] | null;
    shownPlan: string;
    shownPending: string;
    shown: string;
  };
  refusal: string | null;
}

export function PlanForHerSection({ plan, here }: { plan: PlanSectionView; here: string }) {
  const choose = useFormReply({ id: "choose-plan", names: ["plan"], defaultValue: { plan: plan.preview?.plan ?? "" }, lastResult: null });
  const confirm = useFormReply({ id: "confirm-plan", names: ["agreed"], lastResult: useReplyTo("plan") });
  const preview = plan.preview;
  return (
    <ConsoleBox titleId="plan-title" title="Her plan">
      <p>
        The plans her own page offers, priced for her medications, from her next billing date (or the one after it when that is less than 72
        hours away). A new plan is a new agreement to automatic renewals: read her the words shown before you confirm. She is emailed and
        the provider is told.
      </p>
      <ErrorSummary summary={confirm.summary} formErrors={[...(plan.refusal ? [plan.refusal] : []), ...confirm.formErrors]} />
      <p>
        Her plan: <strong>{plan.current}</strong>
      </p>
      {plan.ahead ? <p>Her page says: “{plan.ahead}”</p> : null}
      {plan.closed ? (
        <p>Her page says: “{plan.closed}”</p>
      ) : (
        <>
          {plan.choices.length > 0 ? (
            <Form method="get" action={here} id="choose-plan" noValidate className="owner-change-form">
              <SelectField
                field={choose.fields.plan}
                label="Plan she wants"
                emptyChoice="Choose a plan"
                autoComplete="off"
                options={plan.choices}
              />
              <button type="submit" className="owner-button">
                Show what changes
              </button>
            </Form>
          ) : (
            <p>There is no other plan she can choose now.</p>
          )}
          {plan.unavailable.length > 0 ? (
            <>
              <h3 id="unavailable-title">Plans she cannot choose</h3>
              <Facts
                className="owner-facts"
                labelledBy="unavailable-title"
                facts={plan.unavailable.map((offer) => ({ term: offer.plan, value: offer.text }))}
              />
            </>
          ) : null}
          {preview ? (
            <>
              <h3 id="preview-title">{preview.title}</h3>
              <p>{preview.what}</p>
              <Form method="post" id="confirm-plan" noValidate className="owner-change-form" aria-labelledby="preview-title">
                <input type="hidden" name="intent" value="plan" />
                <input type="hidden" name="plan" value={preview.plan} />
                <input type="hidden" name="shownPlan" value={preview.shownPlan} />
                <input type="hidden" name="shownPending" value={preview.shownPending} />
                <input type="hidden" name="shown" value={preview.shown} />
                {preview.disclosure ? (
                  <>
                    <p>Read her these words, as her own page shows them:</p>
                    <blockquote className="owner-consent-text">
                      {preview.disclosure.map((line) => (
                        <p key={line}>{line}</p>
                      ))}
                      <SubscriptionTermsList />
                    </blockquote>
                    <CheckboxField field={confirm.fields.agreed} label="She heard these words and agreed to them" />
                  </>
                ) : null}
                <button type="submit" className="owner-button owner-button-primary">
                  {preview.disclosure ? "Change her plan" : "Keep her plan"}
                </button>
              </Form>
            </>
          ) : null}
        </>
      )}
    </ConsoleBox>
  );
}
