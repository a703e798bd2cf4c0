// The embedded mail store: each email kept once (by its outbox key), newest first for the
// owner's console.
import { count, desc, eq, inArray, or, sql } from "drizzle-orm";
import { database, type Queryable } from "../client.server";
import { storedEmails } from "../schema.server";

export type StoredEmail = typeof storedEmails.$inferSelect;

export async function keepEmail(mail: {
  idempotencyKey: string;
  kind: string;
  orderReference: string | null;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}): Promise<void> {
  await (
    await database()
  )
    .insert(storedEmails)
    .values({
      idempotencyKey: mail.idempotencyKey,
      kind: mail.kind,
      orderReference: mail.orderReference,
      fromAddress: mail.from,
      toAddress: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    })
    .onConflictDoNothing({ target: storedEmails.idempotencyKey });
}

export async function listStoredEmails(page: number, pageSize: number): Promise<{ rows: StoredEmail[]; total: number }> {
  const db = await database();
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(storedEmails)
      .orderBy(desc(storedEmails.id))
      .limit(pageSize)
      .offset(Math.max(0, page - 1) * pageSize),
    db.select({ total: count() }).from(storedEmails),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function findStoredEmail(id: number): Promise<StoredEmail | undefined> {
  const [row] = await (await database()).select().from(storedEmails).where(eq(storedEmails.id, id));
  return row;
}

/** Those sent to one order, oldest first. */
export async function storedEmailsOf(orderReference: string): Promise<StoredEmail[]> {
  return (await database()).select().from(storedEmails).where(eq(storedEmails.orderReference, orderReference)).orderBy(storedEmails.id);
}

/** The latest `limit` sent to one order, newest first, and how many it was sent in all. */
export async function latestStoredEmailsOf(orderReference: string, limit: number): Promise<{ rows: StoredEmail[]; total: number }> {
  const db = await database();
  const sentTo = eq(storedEmails.orderReference, orderReference);
  const [rows, [totals]] = await Promise.all([
    db.select().from(storedEmails).where(sentTo).orderBy(desc(storedEmails.id)).limit(limit),
    db.select({ total: count() }).from(storedEmails).where(sentTo),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/**
 * Her emails deleted from the mail store at her request, in the caller's transaction: those of
 * her order (when she placed one), those to any address of hers, and those whose outbox keys are given (her plan
 * sent to her doctor carries her name). Deleted, not kept blank: the store stands in for her
 * inbox, and the timeline and payments already say what happened and when.
 */
export async function eraseStoredEmailsOf(
  tx: Queryable,
  her: { reference: string | null; addresses: readonly string[]; keys: readonly string[] },
): Promise<void> {
  const addresses = [...new Set(her.addresses.map((address) => address.trim().toLowerCase()).filter((address) => address !== ""))];
  await tx
    .delete(storedEmails)
    .where(
      or(
        her.reference === null ? undefined : eq(storedEmails.orderReference, her.reference),
        addresses.length > 0 ? inArray(sql`lower(${storedEmails.toAddress})`, addresses) : undefined,
        her.keys.length > 0 ? inArray(storedEmails.idempotencyKey, [...her.keys]) : undefined,
      ),
    );
}
