// A console page's filters, read from its address (a GET form: the page and its CSV share the
// address): each value bounded before it is read, then checked by the page's schema. A refusal
// keeps what was typed and each field's messages; a check of the whole names no field, so its
// message goes beside the first date.
import type { z } from "zod";

export type ReadFilters<Query> =
  { ok: true; query: Query } | { ok: false; typed: Record<string, string>; errors: Record<string, string[]> };

export function readFilters<Schema extends z.ZodType>(
  search: URLSearchParams,
  names: readonly string[],
  maxLength: number,
  schema: Schema,
): ReadFilters<z.output<Schema>> {
  const typed: Record<string, string> = {};
  for (const name of names) {
    const value = search.get(name);
    if (value !== null) typed[name] = value.slice(0, maxLength);
  }
  const parsed = schema.safeParse(typed);
  if (parsed.success) return { ok: true, query: parsed.data };
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const name = String(issue.path[0] ?? "from");
    (errors[name] ??= []).push(issue.message);
  }
  return { ok: false, typed, errors };
}
