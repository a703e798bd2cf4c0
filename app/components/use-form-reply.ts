import { useActionData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { firstControlInError, formView, replyErrors, replyValues, type FormReply, type FormView } from "./form-reply";

interface FormReplyOptions<Name extends string> {
  /** The form's id: the fields' ids start with it. */
  id: string;
  /** The form's fields, in the order the error summary lists them. */
  names: readonly Name[];
  /**
   * The reply to read; by default the `lastResult` of the page's own action, which every form
   * action answers (`{ lastResult: submission.reply() }`).
   */
  lastResult?: FormReply | null;
  /** What to show before she has posted anything. */
  defaultValue?: Record<string, unknown>;
}

/**
 * The one reader of a form's reply on every page, with JavaScript or without. The values are
 * read once: with JavaScript a refusal does not reload the page and the inputs keep what she
 * typed. After such a refusal the focus goes to the first field in error.
 */
export function useFormReply<Name extends string>({
  id,
  names,
  lastResult: given,
  defaultValue = {},
}: FormReplyOptions<Name>): FormView<Name> {
  const answer = useActionData<{ lastResult?: FormReply }>();
  const lastResult = given === undefined ? answer?.lastResult : given;
  const [values] = useState(() => replyValues(lastResult, defaultValue));
  const errors = replyErrors(lastResult);
  useFocusOnRefusal(id, lastResult, errors);
  return formView(id, names, values, errors);
}

/**
 * Not on the first render: a page loaded after a post without JavaScript starts at the top,
 * with the error summary. Pages that ship no script never run it.
 */
function useFocusOnRefusal(formId: string, lastResult: FormReply | null | undefined, errors: Record<string, string[]>) {
  const shown = useRef(lastResult);
  useEffect(() => {
    if (shown.current === lastResult) return;
    shown.current = lastResult;
    const form = document.getElementById(formId);
    if (lastResult?.status !== "error" || !(form instanceof HTMLFormElement)) return;
    (firstControlInError(form.elements, errors) as HTMLElement | undefined)?.focus();
  });
}

/**
 * On a page of several forms, an action's reply names the form it answers, and only that form
 * reads it: the reply when it answers `form`, else none.
 */
export function useReplyTo(form: string): FormReply | null {
  const answer = useActionData<{ form?: string; lastResult?: FormReply }>();
  return answer?.form === form ? (answer.lastResult ?? null) : null;
}
