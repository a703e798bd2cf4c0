// Her affirmative consent to an automatic renewal, and each notice of a renewal or of her terms
// we sent her, kept as a legal record: California's automatic renewal law asks for it to be
// kept three years, or one year after the subscription ends if longer, and no prune removes it.
// A record holds what she was shown and how she agreed (or what a notice told her), never her
// contact details, so it stays when she asks us to delete her data. One record per agreement or
// notice: its key is unique, so a double press (or a crash's retry) writes it once.
import { asc, eq } from "drizzle-orm";
import type { PlanCode } from "../../../funnel/plans";
import { database, type Queryable } from "../client.server";
import { consentRecords } from "../schema.server";
import type { Write } from "../writes-as-one.server";

export type ConsentRecordRow = typeof consentRecords.$inferSelect;

export interface ConsentWrite {
  responderUuid: string;
  /** Her subscription, when it exists before the agreement (a plan change). */
  subscriptionId?: string | null;
  plan: PlanCode;
  firstPeriodCents: number;
  renewalCents: number;
  /** The exact lines shown beside the button. */
  disclosure: readonly string[];
  /** The subscription terms as shown. */
  terms: readonly string[];
  agreedWith: string;
  /** One per agreement: the checkout attempt, or the change she confirmed. */
  agreementKey: string;
}

/** Longer than any key we make; a key is cut here rather than refused, as the rows' own are. */
const keyLength = 200;

function recordOf(kind: ConsentRecordRow["kind"], write: ConsentWrite) {
  return {
    responderUuid: write.responderUuid,
    subscriptionId: write.subscriptionId ?? null,
    kind,
    plan: write.plan,
    firstPeriodCents: write.firstPeriodCents,
    renewalCents: write.renewalCents,
    disclosure: [...write.disclosure],
    terms: [...write.terms],
    agreedWith: write.agreedWith,
    agreementKey: write.agreementKey.slice(0, keyLength),
  };
}

async function keep(tx: Queryable, kind: ConsentRecordRow["kind"], write: ConsentWrite): Promise<boolean> {
  const [made] = await tx
    .insert(consentRecords)
    .values(recordOf(kind, write))
    .onConflictDoNothing({ target: consentRecords.agreementKey })
    .returning({ id: consentRecords.id });
  return made !== undefined;
}

/**
 * Her consent at COMPLETE PURCHASE, written with the order's writes as one statement after
 * `after` (writes-as-one.server.ts); once per agreement.
 */
export function purchaseConsentWrite(write: ConsentWrite, after: Write): Write {
  return { insert: consentRecords, row: recordOf("purchase", write), skipOnConflict: consentRecords.agreementKey, after };
}

/** Her consent to a new plan, in the caller's transaction (with the change); false when already kept. */
export function keepPlanChangeConsent(tx: Queryable, write: ConsentWrite & { subscriptionId: string }): Promise<boolean> {
  return keep(tx, "plan_change", write);
}

/** A notice sent to her (a renewal reminder, the yearly notice of her terms), in the caller's transaction with its email; once per key. */
export function keepNoticeRecord(
  tx: Queryable,
  kind: "renewal_reminder" | "annual_notice",
  write: ConsentWrite & { subscriptionId: string },
): Promise<boolean> {
  return keep(tx, kind, write);
}

/** Every consent she gave and notice we sent, oldest first (her flow's rows only; a handful at most). */
export async function consentRecordsOf(responderUuid: string, db?: Queryable): Promise<ConsentRecordRow[]> {
  return (db ?? (await database()))
    .select()
    .from(consentRecords)
    .where(eq(consentRecords.responderUuid, responderUuid))
    .orderBy(asc(consentRecords.id))
    .limit(100);
}
