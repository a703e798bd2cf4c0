// "Her billing date" on Change for her: each choice her own page offers, a plain form carrying
// the date the page showed, with the date it leads to or, when it cannot be made now, why (in
// her page's words, quoted).
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { ErrorSummary } from "../../components/error-summary";
import { SelectField } from "../../components/field";
import { useFormReply, useReplyTo } from "../../components/use-form-reply";
import { maxWeeksMoved } from "../../funnel/billing-date-changes";
import { ConsoleBox } from "../../components/console-parts";

export interface DateSectionView {
  shown: string;
  nextBilling: string | null;
  closed: string | null;
  left: string;
  move: { open: boolean; message: string | null; choices: readonly (readonly [string, string])[] };
  skip: { open: boolean; text: string };
  moveBack: string | null;
  sooner: { open: boolean; text: string };
}

const quoted = (text: string) => `Her page says: “${text}”`;

function ChoiceForm({ id, choice, shown, children }: { id: string; choice: string; shown: string; children: ReactNode }) {
  return (
    <Form method="post" id={id} noValidate className="owner-change-form">
      <input type="hidden" name="intent" value="billing-date" />
      <input type="hidden" name="choice" value={choice} />
      <input type="hidden" name="shown" value={shown} />
      {children}
    </Form>
  );
}

export function DateForHerSection({ date }: { date: DateSectionView }) {
  const { fields, summary, formErrors } = useFormReply({ id: "move-date", names: ["weeks"], lastResult: useReplyTo("billing-date") });
  return (
    <ConsoleBox titleId="date-title" title="Her billing date">
      <p>
        The rules of her own page: once each period, later by 1 to 8 weeks or one period skipped, at most {maxWeeksMoved} weeks in any 12
        months, never a date less than 72 hours away. She is emailed each change and the provider is told.
      </p>
      <ErrorSummary summary={summary} formErrors={formErrors} />
      <p>
        Next billing: <strong>{date.nextBilling ?? "None"}</strong>
      </p>
      {date.closed ? (
        <p>{quoted(date.closed)}</p>
      ) : (
        <>
          <p>{date.left}</p>
          <h3>Move it later</h3>
          {date.move.message ? <p>{quoted(date.move.message)}</p> : null}
          {date.move.open ? (
            <ChoiceForm id="move-date" choice="move" shown={date.shown}>
              <SelectField
                field={fields.weeks}
                label="Move her next billing date"
                emptyChoice="Choose how many weeks"
                autoComplete="off"
                options={date.move.choices}
              />
              <button type="submit" className="owner-button owner-button-primary">
                Move her billing date
              </button>
            </ChoiceForm>
          ) : null}
          {date.moveBack ? (
            <>
              <h3>Move it back</h3>
              <ChoiceForm id="move-back" choice="move_back" shown={date.shown}>
                <button type="submit" className="owner-button">
                  {date.moveBack}
                </button>
              </ChoiceForm>
            </>
          ) : null}
          <h3>Skip her next period</h3>
          <p>{date.skip.open ? date.skip.text : quoted(date.skip.text)}</p>
          {date.skip.open ? (
            <ChoiceForm id="skip-date" choice="skip" shown={date.shown}>
              <button type="submit" className="owner-button">
                Skip her next period
              </button>
            </ChoiceForm>
          ) : null}
          <h3>Ship sooner</h3>
          <p>{date.sooner.open ? date.sooner.text : quoted(date.sooner.text)}</p>
          {date.sooner.open ? (
            <ChoiceForm id="ship-sooner" choice="sooner" shown={date.shown}>
              <button type="submit" className="owner-button">
                Ship sooner and charge her card
              </button>
            </ChoiceForm>
          ) : null}
        </>
      )}
    </ConsoleBox>
  );
}
