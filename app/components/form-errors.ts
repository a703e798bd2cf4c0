import type { FieldMetadata } from "@conform-to/react";

/** The fields with errors, in form order, for the error summary. */
export function fieldErrors(fields: FieldMetadata<unknown>[]): { fieldId: string; message: string }[] {
  return fields.flatMap((field) => (field.errors?.[0] ? [{ fieldId: field.id, message: field.errors[0] }] : []));
}
