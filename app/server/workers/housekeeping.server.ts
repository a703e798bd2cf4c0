// Housekeeping, about once an hour: expired visitor sessions, the secure links' first uses
// past their keeping, and rate-limit counters whose window has passed.
import { deleteExpiredSecureTokenUses } from "../db/stores/secure-token-uses.server";
import { deleteOldRateLimitCounters } from "../http/rate-limits.server";
import { deleteExpiredSessions } from "../visitor/session.server";
import { worker } from "./worker.server";

const housekeeping = worker({
  name: "housekeeping",
  everyMs: () => 60 * 60_000,
  async round() {
    await deleteExpiredSessions();
    await deleteExpiredSecureTokenUses();
    await deleteOldRateLimitCounters();
  },
});

export const startHousekeeping = housekeeping.start;
export const stopHousekeeping = housekeeping.stop;
