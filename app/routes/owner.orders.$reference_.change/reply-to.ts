// The page has several forms: an action's reply names the form it answers, and only that form reads it.
import { useActionData } from "@remix-run/react";
import type { FormReply } from "../../components/form-reply";

/** The action's reply when it answers `form`, else none. */
export function useReplyTo(form: string): FormReply | null {
  const answer = useActionData<{ form?: string; lastResult?: FormReply }>();
  return answer?.form === form ? (answer.lastResult ?? null) : null;
}
