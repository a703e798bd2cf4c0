// Her cancel page's two parts under what cancelling does: a break offered instead (links to her
// billing-date page, no form), then the one form: why, optionally, and the button that cancels
// at once, as prominent as the one she bought with. No confirmation step follows it.
import { Form } from "@remix-run/react";
import { ChoiceQuestion } from "../../components/choice-question";
import { Field } from "../../components/field";
import type { FieldView } from "../../components/form-reply";
import { cancelReasonChoices, cancelReasonNoteMaxLength } from "../../funnel/cancel-reasons";
import type { PauseOffer } from "./cancel-page.server";

export function PauseOfferBox({ offer }: { offer: PauseOffer }) {
  return (
    <section className="pause-offer" aria-labelledby="pause-title">
      <h2 id="pause-title">Need a break instead?</h2>
      {offer.moved ? (
        <>
          <p>{offer.moved.text}</p>
          <p>
            <a href={offer.moved.href}>See my billing date</a>
          </p>
        </>
      ) : (
        <p>You can keep your plan and put your next billing date off instead of cancelling. Nothing is charged until the new date.</p>
      )}
      {offer.skip ? <p>Skip your next period: {offer.skip.text}</p> : null}
      <div className="button-row">
        {offer.move ? (
          <a className="button" href={offer.move}>
            Move my billing date
          </a>
        ) : null}
        {offer.skip ? (
          <a className="button" href={offer.skip.href}>
            Skip my next period
          </a>
        ) : null}
      </div>
    </section>
  );
}

export function CancelForm({ fields, back }: { fields: { reason: FieldView; note: FieldView }; back: string }) {
  return (
    <Form method="post" reloadDocument id="cancel" noValidate className="cancel-form">
      <ChoiceQuestion field={fields.reason} question="Why are you cancelling? (optional)" options={cancelReasonChoices} />
      <Field
        field={fields.note}
        label="If Other, tell us more (optional)"
        hint={`Up to ${cancelReasonNoteMaxLength} characters.`}
        autoComplete="off"
      />
      <div className="button-row">
        <button type="submit" className="button button-primary">
          Yes, cancel my subscription
        </button>
        <a className="button" href={back}>
          Keep my subscription
        </a>
      </div>
    </Form>
  );
}
