// CSV the owner opens in a spreadsheet (RFC 4180: CRLF lines, quoted fields). A visitor
// chooses her own utm_source or referral code, so a text cell that a spreadsheet would read as
// a formula (=, +, -, @, tab or carriage return first) is written with a leading apostrophe:
// `=HYPERLINK(...)` stays text (OWASP's advice on CSV injection). Numbers are written as numbers.

export type CsvCell = string | number | null | undefined;

const formulaStart = /^[=+\-@\t\r]/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  const text = formulaStart.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The whole file, header first; a byte order mark so that Excel reads it as UTF-8. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(","));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
