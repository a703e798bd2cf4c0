// The views of her plan page: the plans she may choose (a plain GET form, so the preview is an
// address she can reload), the plans that leave out one of her medications with why, and the
// chosen plan previewed with its one confirm button.
import { Form } from "@remix-run/react";
import { ChoiceQuestion } from "../../components/choice-question";
import { Facts } from "../../components/facts";
import type { FieldView } from "../../components/form-reply";
import { HerFormButtons } from "../../components/her-result";
import { useT } from "../../components/i18n";
import { SubscriptionTermsList } from "../../components/subscription-terms";

interface Choices {
  choices: readonly { code: string; label: string }[];
  unavailable: readonly { plan: string; text: string }[];
}

export function PlanChoices({ page, field }: { page: Choices; field: FieldView }) {
  const t = useT();
  return (
    <>
      {page.choices.length > 0 ? (
        <Form method="get" id="choose-plan" noValidate>
          {/* Says the form was sent: with no plan chosen the address would carry nothing at all. */}
          <input type="hidden" name="choose" value="1" />
          <ChoiceQuestion field={field} question={t("herPlan.question")} options={page.choices} />
          <p>{t("herPlan.nextPageShows")}</p>
          <button type="submit" className="button button-primary">
            {t("herPlan.seeWhatChanges")}
          </button>
        </Form>
      ) : (
        <p>{t("herPlan.noOther")}</p>
      )}
      {page.unavailable.length > 0 ? (
        <>
          <h2 id="unavailable-title">{t("herPlan.unavailableTitle")}</h2>
          <Facts
            className="facts"
            facts={page.unavailable.map((offer) => ({ term: offer.plan, value: offer.text, className: "facts-row" }))}
          />
        </>
      ) : null}
    </>
  );
}

interface Preview {
  plan: string;
  title: string;
  price: string | null;
  summary: string;
  undo: string;
  disclosure: readonly string[] | null;
  button: string;
  shownPlan: string;
  shownPending: string;
  shown: string;
}

export function PlanPreview({ preview, back, again }: { preview: Preview; back: string; again: string }) {
  const t = useT();
  return (
    <>
      <h2 id="preview-title">{preview.title}</h2>
      {preview.price ? (
        <p className="lead">
          <strong>{preview.price}</strong>
        </p>
      ) : null}
      <p>{preview.summary}</p>
      <p>{preview.undo}</p>
      <Form method="post" id="confirm-plan" aria-labelledby="preview-title">
        <input type="hidden" name="plan" value={preview.plan} />
        <input type="hidden" name="shownPlan" value={preview.shownPlan} />
        <input type="hidden" name="shownPending" value={preview.shownPending} />
        <input type="hidden" name="shown" value={preview.shown} />
        {preview.disclosure ? (
          <div className="renewal-disclosure">
            <p>
              <strong>{preview.disclosure[0]}</strong>
            </p>
            {preview.disclosure.slice(1).map((line) => (
              <p key={line}>{line}</p>
            ))}
            <SubscriptionTermsList />
          </div>
        ) : null}
        <HerFormButtons
          submit={preview.button}
          leave={[
            { href: again, label: t("herPlan.chooseAnother") },
            { href: back, label: t("herPlan.back") },
          ]}
        />
      </Form>
    </>
  );
}
