// Writing the audit log: who (a person and their role, or the server itself), from which
// address (keyed-hashed as the rate limits hash it: the same client gives the same hash, and
// the hash gives no address back), what, and which order. Nothing of hers goes in: an order
// reference, never her name, email or answers, and no words anyone typed (a detail is an
// `AuditDetail`, made of the code's own words: app/funnel/audit.ts).
import { auditDetailMaxLength, type AuditAction, type AuditDetail } from "../../funnel/audit";
import type { StaffRole } from "../../funnel/staff";
import type { Queryable } from "../db/client.server";
import { appendAudit } from "../db/stores/audit-log.server";
import { countedClientAddress } from "../http/rate-limits.server";
import { keyedHash } from "../secrets/signed-link.server";

/** Who acted: a person, or (id null) the server or the command line. */
export interface Actor {
  id: string | null;
  name: string;
  role: StaffRole | null;
}

export function actorOf(staff: { id: string; name: string; role: StaffRole }): Actor {
  return { id: staff.id, name: staff.name, role: staff.role };
}

export const commandLine: Actor = { id: null, name: "Command line", role: null };
export const serverStart: Actor = { id: null, name: "Server start", role: null };

/** The address as the log keeps it; "local" when our server saw no client address it counts. */
export function auditAddressOf(request: Request | null): string {
  const address = request ? countedClientAddress(request) : undefined;
  return address ? keyedHash(address).slice(0, 16) : "local";
}

export interface AuditFacts {
  orderReference?: string | null;
  detail?: AuditDetail | null;
}

/** One row of the log; `tx` when the action it records is written in a transaction. */
export async function audit(
  request: Request | null,
  actor: Actor,
  action: AuditAction,
  facts: AuditFacts = {},
  tx?: Queryable,
): Promise<void> {
  await appendAudit(
    {
      staffId: actor.id,
      staffName: actor.name,
      staffRole: actor.role,
      addressHash: auditAddressOf(request),
      action,
      orderReference: facts.orderReference ?? null,
      detail: facts.detail ? (facts.detail.slice(0, auditDetailMaxLength) as AuditDetail) : null,
    },
    tx,
  );
}
