// Her cancel page's two parts under what cancelling does: a break offered instead (links to her
// billing-date page, no form), then the one form: why, optionally, and the button that cancels
// at once, as prominent as the one she bought with. No confirmation step follows it.
import { Form } from "@remix-run/react";
import { ChoiceQuestion } from "../../components/choice-question";
import { Field } from "../../components/field";
import type { FieldView } from "../../components/form-reply";
import { HerFormButtons } from "../../components/her-result";
import { useT } from "../../components/i18n";
import { cancelReasonChoicesIn, cancelReasonNoteMaxLength } from "../../funnel/cancel-reasons";
import type { PauseOffer } from "./cancel-page.server";

export function PauseOfferBox({ offer }: { offer: PauseOffer }) {
  const t = useT();
  return (
    <section className="pause-offer" aria-labelledby="pause-title">
      <h2 id="pause-title">{t("herCancel.pauseTitle")}</h2>
      {offer.moved ? (
        <>
          <p>{offer.moved.text}</p>
          <p>
            <a href={offer.moved.href}>{t("herCancel.pauseSeeDate")}</a>
          </p>
        </>
      ) : (
        <p>{t("herCancel.pauseText")}</p>
      )}
      {offer.skip ? <p>{offer.skip.text}</p> : null}
      <div className="button-row">
        {offer.move ? (
          <a className="button" href={offer.move}>
            {t("herCancel.pauseMove")}
          </a>
        ) : null}
        {offer.skip ? (
          <a className="button" href={offer.skip.href}>
            {t("herCancel.pauseSkipButton")}
          </a>
        ) : null}
      </div>
    </section>
  );
}

export function CancelForm({ fields, back }: { fields: { reason: FieldView; note: FieldView }; back: string }) {
  const t = useT();
  return (
    <Form method="post" reloadDocument id="cancel" noValidate className="cancel-form">
      <ChoiceQuestion field={fields.reason} question={t("herCancel.question")} options={cancelReasonChoicesIn(t)} />
      <Field
        field={fields.note}
        label={t("herCancel.noteLabel")}
        hint={t("herCancel.noteHint", { max: cancelReasonNoteMaxLength })}
        autoComplete="off"
      />
      <HerFormButtons submit={t("herCancel.confirm")} leave={[{ href: back, label: t("herCancel.keep") }]} />
    </Form>
  );
}
