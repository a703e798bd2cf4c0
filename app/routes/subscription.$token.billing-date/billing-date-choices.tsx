// The choices of her billing-date page, each a plain form carrying the date the page showed,
// with the date it leads to or, when it cannot be made now, why.
import { Form } from "@remix-run/react";
import { SelectField } from "../../components/field";
import type { FieldView } from "../../components/form-reply";
import { useT } from "../../components/i18n";

interface ChoicesPage {
  shown: string;
  rule: string;
  left: string;
  move: { open: boolean; message: string | null; choices: readonly (readonly [string, string])[] };
  skip: { open: boolean; text: string };
  moveBack: string | null;
  sooner: { open: boolean; text: string };
}

function Hidden({ intent, shown }: { intent: string; shown: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="shown" value={shown} />
    </>
  );
}

/** A choice made with one press: its form, under the heading that names it. */
function PressForm({ id, intent, titleId, shown, label }: { id: string; intent: string; titleId: string; shown: string; label: string }) {
  return (
    <Form method="post" id={id} aria-labelledby={titleId}>
      <Hidden intent={intent} shown={shown} />
      <button type="submit" className="button">
        {label}
      </button>
    </Form>
  );
}

export function BillingDateChoices({ page, weeks }: { page: ChoicesPage; weeks: FieldView }) {
  const t = useT();
  return (
    <>
      <p>{page.rule}</p>
      <p>{page.left}</p>

      <h2 id="move-title">{t("herBillingDate.moveTitle")}</h2>
      {page.move.message ? <p>{page.move.message}</p> : null}
      {page.move.open ? (
        <Form method="post" id="move-date" noValidate aria-labelledby="move-title">
          <Hidden intent="move" shown={page.shown} />
          <SelectField
            field={weeks}
            label={t("herBillingDate.moveLabel")}
            emptyChoice={t("herBillingDate.moveEmpty")}
            autoComplete="off"
            options={page.move.choices}
          />
          <button type="submit" className="button button-primary">
            {t("herBillingDate.moveButton")}
          </button>
        </Form>
      ) : null}

      {page.moveBack ? (
        <>
          <h2 id="back-title">{t("herBillingDate.backTitle")}</h2>
          <PressForm id="move-back" intent="move_back" titleId="back-title" shown={page.shown} label={page.moveBack} />
        </>
      ) : null}

      <h2 id="skip-title">{t("herBillingDate.skipTitle")}</h2>
      <p>{page.skip.text}</p>
      {page.skip.open ? (
        <PressForm id="skip-date" intent="skip" titleId="skip-title" shown={page.shown} label={t("herBillingDate.skipButton")} />
      ) : null}

      <h2 id="sooner-title">{t("herBillingDate.soonerTitle")}</h2>
      <p>{page.sooner.text}</p>
      {page.sooner.open ? (
        <PressForm id="ship-sooner" intent="sooner" titleId="sooner-title" shown={page.shown} label={t("herBillingDate.soonerButton")} />
      ) : null}
    </>
  );
}
