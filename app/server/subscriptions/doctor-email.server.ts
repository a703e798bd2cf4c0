// "Email it to my doctor" once the plan page has let her ask: the day's ceiling for everyone,
// then the email written to the outbox (delivered by the mail service, her-emails.server.ts).
// Each email goes from our address to one she typed, so however many plans and visitors ask,
// at most DOCTOR_EMAILS_PER_DAY go out in any 24 hours. The count is of the outbox's own
// messages, so it needs no counter of its own and holds across every app instance.
import { sql } from "drizzle-orm";
import type { PlanSummary } from "../../funnel/plan-summary";
import { config } from "../config.server";
import { enqueueOutboxMessage, outboxMessagesSince } from "../db/stores/outbox.server";
import { withOutbox } from "../outbox/with-outbox.server";

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Held for the count and the write together, so that two asks at the ceiling's edge, on any
 * instance, cannot both see room for one more. Any number, the same in every instance.
 */
const dailyCountLock = 724_902;

export interface DoctorEmailRequest {
  to: string;
  responderUuid: string;
  firstName: string | null;
  note: string | null;
  summary: PlanSummary;
  /** The printable page's address, as the email links to it. */
  printable: string;
}

export type DoctorEmailOutcome = { status: "queued" } | { status: "daily limit"; retryAfterSeconds: number };

export async function emailPlanToDoctor(request: DoctorEmailRequest, now: Date = new Date()): Promise<DoctorEmailOutcome> {
  const ceiling = config().DOCTOR_EMAILS_PER_DAY;
  return withOutbox(async (tx): Promise<DoctorEmailOutcome> => {
    await tx.execute(sql`select pg_advisory_xact_lock(${dailyCountLock})`);
    const sent = await outboxMessagesSince(tx, "doctor-email", new Date(now.getTime() - dayMs));
    if (sent.count >= ceiling) {
      // Room again when the oldest counted email is a day old (a day from now with none counted).
      const freeAt = (sent.oldest?.getTime() ?? now.getTime()) + dayMs;
      return { status: "daily limit", retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)) };
    }
    await enqueueOutboxMessage(tx, {
      kind: "doctor-email",
      payload: {
        to: request.to,
        responder_uuid: request.responderUuid,
        first_name: request.firstName,
        note: request.note,
        summary: request.summary,
        printable: request.printable,
        requested_at: now.toISOString(),
      },
    });
    return { status: "queued" };
  });
}
