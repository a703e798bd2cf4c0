// What a form shows beside its fields when one of the funnel's schemas refuses its values.
import type { ZodType } from "zod";

/** Each field's messages, by the field's name, in the order the schema gave them. */
export function fieldMessages(schema: ZodType, input: Record<string, unknown>): Record<string, string[]> {
  const result = schema.safeParse(input);
  const messages: Record<string, string[]> = {};
  if (result.success) return messages;
  for (const issue of result.error.issues) (messages[String(issue.path[0])] ??= []).push(issue.message);
  return messages;
}
