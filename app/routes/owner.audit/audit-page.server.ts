// What the audit log page and its CSV read: the filters of the address checked (a 400 with a
// message beside the field when one is wrong, never a query the database would choke on),
// the store's filter made of them, and each row as the page and the file write it.
import { z } from "zod";
import { auditActionLabels, isAuditAction } from "../../funnel/audit";
import type { CsvCell } from "../../funnel/csv";
import { isDay, reportMessages } from "../../funnel/funnel-report";
import { staffRoleLabels } from "../../funnel/staff";
import { readOrderReference } from "../../funnel/subscription-life";
import { listAudit, type AuditFilter, type AuditRow } from "../../server/db/stores/audit-log.server";
import { staffNames } from "../../server/db/stores/staff-members.server";
import { readFilters, type ReadFilters } from "../../server/http/address-filters.server";
import { auditQueryNames } from "./audit-filters";

export const auditPageSize = 50;

/**
 * The most rows one CSV holds: a year of a busy console, a few megabytes, built in memory in
 * well under a second. A longer log is downloaded a range of days at a time.
 */
export const auditCsvRowLimit = 50_000;

/** Years a date filter may name: the log began long after the first, and a typo of 20250 is not a date. */
export const auditYears = { first: 2000, last: 2100 } as const;

export const auditMessages = {
  person: "Choose one of the listed people.",
  action: "Choose one of the listed actions.",
  reference: "Enter an order reference as it is written, for example MC-7KQ2-94XD.",
  from: reportMessages.from,
  to: reportMessages.to,
  years: `Enter a date in the years ${auditYears.first} to ${auditYears.last}.`,
  order: reportMessages.order,
} as const;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);

function dayField(message: string) {
  return optionalText.superRefine((value, context) => {
    if (value === undefined) return;
    if (!isDay(value)) context.addIssue({ code: "custom", message });
    else if (Number(value.slice(0, 4)) < auditYears.first || Number(value.slice(0, 4)) > auditYears.last) {
      context.addIssue({ code: "custom", message: auditMessages.years });
    }
  });
}

const auditQuerySchema = z
  .object({
    // A person is chosen by id: the rows of "Unknown email", the command line and the server
    // carry none, so they show under "Everyone" only.
    person: optionalText
      .transform((value) => value?.toLowerCase())
      .refine((value) => value === undefined || uuidPattern.test(value), auditMessages.person),
    action: optionalText.refine((value) => value === undefined || isAuditAction(value), auditMessages.action),
    // Typed as she says it on the phone: any case, spaces, with or without the MC.
    reference: optionalText.transform((value, context) => {
      if (value === undefined) return undefined;
      const reference = readOrderReference(value);
      if (reference === undefined) context.addIssue({ code: "custom", message: auditMessages.reference });
      return reference;
    }),
    from: dayField(auditMessages.from),
    to: dayField(auditMessages.to),
  })
  .superRefine((query, context) => {
    if (query.from && query.to && isDay(query.from) && isDay(query.to) && query.from > query.to) {
      context.addIssue({ code: "custom", path: ["to"], message: auditMessages.order });
    }
  });

export type AuditQuery = z.output<typeof auditQuerySchema>;

export type ReadAuditQuery = ReadFilters<AuditQuery>;

/** No filter is longer than a date or an id. */
export const readAuditQuery = (search: URLSearchParams): ReadAuditQuery => readFilters(search, auditQueryNames, 100, auditQuerySchema);

const dayMs = 86_400_000;

/** The store's filter: both days included, in UTC (the log ends before the midnight after `to`). */
export function filterOf(query: AuditQuery): AuditFilter {
  return {
    staffId: query.person,
    action: query.action,
    orderReference: query.reference,
    from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
    before: query.to ? new Date(Date.parse(`${query.to}T00:00:00Z`) + dayMs) : undefined,
  };
}

/** The filters as a query string (for the CSV link and the pages), empty ones left out. */
export function auditSearch(query: AuditQuery, extra: Record<string, string> = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...query, ...extra })) if (value) search.set(name, value);
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** ?page=N as a page number; anything else is the first page, and a huge one is past the last. */
export function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? Math.min(page, 1_000_000) : 1;
}

export interface AuditLine {
  id: number;
  at: string;
  who: string;
  role: string | null;
  action: string;
  reference: string | null;
  detail: string | null;
  address: string;
}

export function auditLine(row: AuditRow): AuditLine {
  return {
    id: row.id,
    at: row.at.toISOString(),
    who: row.staffName,
    role: row.staffRole ? (staffRoleLabels[row.staffRole as keyof typeof staffRoleLabels] ?? row.staffRole) : null,
    action: auditActionLabels[row.action] ?? row.action,
    reference: row.orderReference,
    detail: row.detail,
    address: row.addressHash,
  };
}

export const auditCsvHeader = ["When (UTC)", "Who", "Role", "Action", "Order", "Detail", "Address"] as const;

export function auditCsvCells(line: AuditLine): CsvCell[] {
  return [line.at, line.who, line.role, line.action, line.reference, line.detail, line.address];
}

/** One page of the log for the filters, newest first. */
export async function auditPage(query: AuditQuery, page: number) {
  const { rows, total } = await listAudit(filterOf(query), page, auditPageSize);
  return { lines: rows.map(auditLine), total, page, pageCount: Math.max(1, Math.ceil(total / auditPageSize)) };
}

/** The person filter's choices: everyone ever on the staff, and an id typed into the address that is no one's. */
export async function personChoices(current: string | undefined): Promise<[string, string][]> {
  const people: [string, string][] = (await staffNames()).map(({ id, name }) => [id, name]);
  if (current && !people.some(([id]) => id === current)) people.push([current, "(no such person)"]);
  return people;
}
