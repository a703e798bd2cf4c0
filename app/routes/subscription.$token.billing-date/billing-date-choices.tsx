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
          <Form method="post" id="move-back" aria-labelledby="back-title">
            <Hidden intent="move_back" shown={page.shown} />
            <button type="submit" className="button">
              {page.moveBack}
            </button>
          </Form>
        </>
      ) : null}

      <h2 id="skip-title">{t("herBillingDate.skipTitle")}</h2>
      <p>{page.skip.text}</p>
      {page.skip.open ? (
        <Form method="post" id="skip-date" aria-labelledby="skip-title">
          <Hidden intent="skip" shown={page.shown} />
          <button type="submit" className="button">
            {t("herBillingDate.skipButton")}
          </button>
        </Form>
      ) : null}

      <h2 id="sooner-title">{t("herBillingDate.soonerTitle")}</h2>
      <p>{page.sooner.text}</p>
      {page.sooner.open ? (
        <Form method="post" id="ship-sooner" aria-labelledby="sooner-title">
          <Hidden intent="sooner" shown={page.shown} />
          <button type="submit" className="button">
            {t("herBillingDate.soonerButton")}
          </button>
        </Form>
      ) : null}
    </>
  );
}
