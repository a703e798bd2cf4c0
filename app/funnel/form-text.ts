/** A field's text, "" when it is missing; a file where text was asked for is not one of ours and reads as "". */
export function formText(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
}
