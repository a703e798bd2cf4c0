// What a form shows beside its fields when one of the funnel's schemas refuses its values:
// a schema's message that is a catalogue id is drawn in English, as an English page shows it.
import type { ZodType } from "zod";
import { translator } from "../../app/i18n/messages";

/** Each field's messages, by the field's name, in the order the schema gave them. */
export function fieldMessages(schema: ZodType, input: Record<string, unknown>): Record<string, string[]> {
  const result = schema.safeParse(input);
  const messages: Record<string, string[]> = {};
  if (result.success) return messages;
  const english = translator("en");
  for (const issue of result.error.issues) {
    (messages[String(issue.path[0])] ??= []).push(english.has(issue.message) ? english(issue.message) : issue.message);
  }
  return messages;
}
