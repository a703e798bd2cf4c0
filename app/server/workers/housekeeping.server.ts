// Housekeeping, about once an hour: expired visitor sessions and the secure links' first uses
// past their keeping. (Rate-limit counters past their window are a prune, recorded with the
// others for the funnel report's health: prunes.server.ts.)
import { deleteExpiredSecureTokenUses } from "../db/stores/secure-token-uses.server";
import { deleteExpiredSessions } from "../visitor/session.server";
import { worker } from "./worker.server";

const housekeeping = worker({
  name: "housekeeping",
  everyMs: () => 60 * 60_000,
  async round() {
    await deleteExpiredSessions();
    await deleteExpiredSecureTokenUses();
  },
});

export const startHousekeeping = housekeeping.start;
export const stopHousekeeping = housekeeping.stop;
