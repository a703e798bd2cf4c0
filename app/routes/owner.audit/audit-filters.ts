// What the audit log's filter form offers, shared by the page (drawn in the browser too) and
// its server module.
import { auditActionLabels, type AuditAction } from "../../funnel/audit";

/** The filters, in the order the form and its error summary show them. */
export const auditQueryNames = ["person", "action", "reference", "from", "to"] as const;

export const actionChoices = Object.entries(auditActionLabels) as [AuditAction, string][];
