// What every form page reads of its action's answer. The server parses and validates with
// Conform and Zod (`parseWithZod`, `submission.reply()`); a page only needs the reply's values
// and messages, which this reads without Conform's client (its form state machine, about 9 KB
// gzipped), so the final checkout, which hydrates, stays under its 100 KB of JavaScript.
// Ids are Conform's (`{formId}-{name}`, `{formId}-{name}-error`), so the links of the error
// summary and the tests that follow them still find their fields.

/** The part of Conform's `SubmissionResult` (the action's `lastResult`) that the page reads. */
export interface FormReply {
  status?: "success" | "error";
  /** What she posted (hidden fields left out), empty values already dropped; null: reset. */
  initialValue?: Record<string, unknown> | null;
  /** Messages by field name; "" holds the form's own (a refused payment). */
  error?: Record<string, readonly string[] | null | undefined>;
}

/** One field as the components draw it: the same names as Conform's field metadata. */
export interface FieldView {
  id: string;
  name: string;
  formId: string;
  errorId: string;
  /** The value to show first, as a string; undefined when empty. */
  initialValue: string | undefined;
  /** Its messages, or undefined when it has none. */
  errors: string[] | undefined;
}

/** A value as a form field shows it, the way Conform serialises a default value. */
function fieldValue(value: unknown): string | undefined {
  if (Array.isArray(value)) return fieldValue(value[0]);
  if (typeof value === "string") return value === "" ? undefined : value;
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (typeof value === "boolean") return value ? "on" : undefined;
  return undefined;
}

/**
 * The values to fill the form with: what she posted when the action answered (a 4xx keeps
 * everything she typed but the hidden fields), otherwise the page's defaults. As with Conform,
 * one answer's values replace the defaults whole: a box she unticked stays unticked.
 */
export function replyValues(reply: FormReply | null | undefined, defaults: Record<string, unknown>): Record<string, string> {
  const source = reply?.initialValue ?? defaults;
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(source)) {
    const text = fieldValue(value);
    if (text !== undefined) values[name] = text;
  }
  return values;
}

/** The reply's messages by field name, only those with at least one message. */
export function replyErrors(reply: FormReply | null | undefined): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(reply?.error ?? {})) {
    const list = (messages ?? []).filter((message): message is string => typeof message === "string" && message !== "");
    if (list.length > 0) errors[name] = list;
  }
  return errors;
}

/** The fields of one form, by name, ready for Field and its siblings. */
export function formFields<Name extends string>(
  formId: string,
  names: readonly Name[],
  values: Record<string, string>,
  errors: Record<string, string[]>,
): Record<Name, FieldView> {
  const fields = {} as Record<Name, FieldView>;
  for (const name of names) {
    const id = `${formId}-${name}`;
    fields[name] = { id, name, formId, errorId: `${id}-error`, initialValue: values[name], errors: errors[name] };
  }
  return fields;
}

/** One line of the error summary: a field's first message, linking to the field. */
export interface SummaryEntry {
  fieldId: string;
  message: string;
}

/** The GOV.UK error summary's entries: the first message of each field in error, in form order. */
export function summaryOf(fields: readonly FieldView[]): SummaryEntry[] {
  return fields.flatMap((field) => (field.errors?.[0] ? [{ fieldId: field.id, message: field.errors[0] }] : []));
}

/** A form as its page draws it after reading the reply. */
export interface FormView<Name extends string> {
  fields: Record<Name, FieldView>;
  /** The fields in error, in the order of the names asked for. */
  summary: SummaryEntry[];
  /** The form's own messages (too many attempts, a refused payment): no field to link to. */
  formErrors: string[];
  /** Every message by field name, the form's own under "". */
  errors: Record<string, string[]>;
}

/** The form's fields, summary and own messages, from the values to show and the reply's messages. */
export function formView<Name extends string>(
  formId: string,
  names: readonly Name[],
  values: Record<string, string>,
  errors: Record<string, string[]>,
): FormView<Name> {
  const fields = formFields(formId, names, values, errors);
  return { fields, summary: summaryOf(names.map((name) => fields[name])), formErrors: errors[""] ?? [], errors };
}

/** A control of a form, as far as choosing where the focus goes reads it. */
interface FormControl {
  name?: string;
  type?: string;
  tagName?: string;
  focus?: () => void;
}

/**
 * The first control, in form order, whose field has a message: where the focus goes when the
 * server refuses the form with JavaScript on (the page is not reloaded, as Conform did).
 */
export function firstControlInError<Control extends FormControl>(
  controls: Iterable<Control>,
  errors: Record<string, string[]>,
): Control | undefined {
  for (const control of controls) {
    const tag = control.tagName?.toUpperCase();
    const isField =
      tag === "SELECT" || tag === "TEXTAREA" || (tag === "INPUT" && !["submit", "button", "reset", "hidden"].includes(control.type ?? ""));
    if (isField && control.name && errors[control.name]) return control;
  }
  return undefined;
}

/**
 * The catalogue groups the shared form components draw (Field's "Error: ", the address and card
 * fields, the sandbox's notice): a page that hydrates with them sends these in its
 * `clientMessages`, so the browser draws them in her words too.
 */
export const formFieldGroups = ["form", "addressForm", "cardForm", "sandbox"] as const;
