// Console staff, recovery codes and setup links. Every change that must not race another (the
// last owner kept, a code or link used once) is one conditional statement here.
import { and, asc, count, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { StaffRole, StaffStatus } from "../../../funnel/staff";
import { database, type Queryable } from "../client.server";
import { staffMembers, staffRecoveryCodes, staffSetupLinks } from "../schema.server";

export type StaffMemberRow = typeof staffMembers.$inferSelect;

async function db(tx?: Queryable): Promise<Queryable> {
  return tx ?? (await database());
}

export async function findStaffMember(id: string, tx?: Queryable): Promise<StaffMemberRow | undefined> {
  const [row] = await (await db(tx)).select().from(staffMembers).where(eq(staffMembers.id, id));
  return row;
}

/** `email` as kept: lower case (normalStaffEmail). */
export async function findStaffMemberByEmail(email: string, tx?: Queryable): Promise<StaffMemberRow | undefined> {
  const [row] = await (await db(tx)).select().from(staffMembers).where(eq(staffMembers.email, email));
  return row;
}

export async function listStaffMembers(): Promise<StaffMemberRow[]> {
  return (await database())
    .select()
    .from(staffMembers)
    .orderBy(
      sql`case ${staffMembers.status} when 'active' then 0 when 'invited' then 1 else 2 end`,
      asc(staffMembers.name),
      asc(staffMembers.email),
    );
}

/** Everyone ever on the staff, for the audit log's filter. */
export async function staffNames(): Promise<{ id: string; name: string }[]> {
  return (await database()).select({ id: staffMembers.id, name: staffMembers.name }).from(staffMembers).orderBy(asc(staffMembers.name));
}

export interface NewStaffMember {
  name: string;
  email: string;
  role: StaffRole;
  status: StaffStatus;
  passwordHash?: string | null;
  pendingTotpSecret?: string | null;
}

/** Undefined when someone already has that email. */
export async function insertStaffMember(values: NewStaffMember, tx?: Queryable): Promise<StaffMemberRow | undefined> {
  const [row] = await (await db(tx)).insert(staffMembers).values(values).onConflictDoNothing({ target: staffMembers.email }).returning();
  return row;
}

export async function countActiveOwners(tx?: Queryable): Promise<number> {
  const [row] = await (
    await db(tx)
  )
    .select({ n: count() })
    .from(staffMembers)
    .where(and(eq(staffMembers.role, "owner"), eq(staffMembers.status, "active")));
  return row?.n ?? 0;
}

/**
 * Unless that leaves no active owner: the active owners' rows are locked first, so two owners
 * demoting each other at once go one after the other and the second finds itself the last.
 */
export async function changeStaffMemberKeepingAnOwner(
  id: string,
  change: { role?: StaffRole; status?: StaffStatus },
): Promise<StaffMemberRow | undefined> {
  return (await database()).transaction(async (tx) => {
    await tx
      .select({ id: staffMembers.id })
      .from(staffMembers)
      .where(and(eq(staffMembers.role, "owner"), eq(staffMembers.status, "active")))
      .for("update");
    const role = change.role ?? null;
    const status = change.status ?? null;
    const [row] = await tx
      .update(staffMembers)
      .set(change)
      .where(
        and(
          eq(staffMembers.id, id),
          sql`(
            (coalesce(${role}::text, ${staffMembers.role}) = 'owner' and coalesce(${status}::text, ${staffMembers.status}) = 'active')
            or not (${staffMembers.role} = 'owner' and ${staffMembers.status} = 'active')
            or exists (select 1 from ${staffMembers} o where o.role = 'owner' and o.status = 'active' and o.id <> ${id})
          )`,
        ),
      )
      .returning();
    return row;
  });
}

/** Forgets any authenticator when `forgetTwoStep`. */
export async function setStaffPassword(
  id: string,
  values: { passwordHash: string | null; status: StaffStatus; forgetTwoStep: boolean },
  tx?: Queryable,
): Promise<StaffMemberRow | undefined> {
  const [row] = await (
    await db(tx)
  )
    .update(staffMembers)
    .set({
      passwordHash: values.passwordHash,
      status: values.status,
      ...(values.forgetTwoStep ? { totpSecret: null, totpLastStep: null, pendingTotpSecret: null } : {}),
    })
    .where(eq(staffMembers.id, id))
    .returning();
  return row;
}

/** Only while active and still `previousHash`: a reset or second change at the same moment wins. */
export async function replaceOwnPassword(
  id: string,
  previousHash: string,
  passwordHash: string,
  tx?: Queryable,
): Promise<StaffMemberRow | undefined> {
  const [row] = await (
    await db(tx)
  )
    .update(staffMembers)
    .set({ passwordHash })
    .where(and(eq(staffMembers.id, id), eq(staffMembers.passwordHash, previousHash), eq(staffMembers.status, "active")))
    .returning();
  return row;
}

export async function setPendingTotpSecret(id: string, sealed: string): Promise<void> {
  await (await database()).update(staffMembers).set({ pendingTotpSecret: sealed }).where(eq(staffMembers.id, id));
}

export async function confirmTotp(id: string, sealed: string, step: number, tx?: Queryable): Promise<void> {
  await (
    await db(tx)
  )
    .update(staffMembers)
    .set({ totpSecret: sealed, totpLastStep: step, pendingTotpSecret: null })
    .where(eq(staffMembers.id, id));
}

/** False when that step (or a later one) was already taken. */
export async function takeTotpStep(id: string, step: number): Promise<boolean> {
  const rows = await (
    await database()
  )
    .update(staffMembers)
    .set({ totpLastStep: step })
    .where(and(eq(staffMembers.id, id), or(isNull(staffMembers.totpLastStep), lt(staffMembers.totpLastStep, step))))
    .returning({ id: staffMembers.id });
  return rows.length === 1;
}

export async function recordStaffSignIn(id: string, at: Date): Promise<void> {
  await (await database()).update(staffMembers).set({ lastSignInAt: at }).where(eq(staffMembers.id, id));
}

/** Keyed hashes. */
export async function replaceRecoveryCodes(staffId: string, codeHashes: string[], tx?: Queryable): Promise<void> {
  const q = await db(tx);
  await q.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
  if (codeHashes.length > 0) await q.insert(staffRecoveryCodes).values(codeHashes.map((codeHash) => ({ staffId, codeHash })));
}

/** True once, when it was theirs; it is gone afterwards. */
export async function takeRecoveryCode(staffId: string, codeHash: string): Promise<boolean> {
  const rows = await (
    await database()
  )
    .delete(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.staffId, staffId), eq(staffRecoveryCodes.codeHash, codeHash)))
    .returning({ staffId: staffRecoveryCodes.staffId });
  return rows.length === 1;
}

export async function countRecoveryCodes(staffId: string): Promise<number> {
  const [row] = await (await database()).select({ n: count() }).from(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
  return row?.n ?? 0;
}

/** Any earlier one of theirs stops working. */
export async function createSetupLink(staffId: string, tokenHash: string, expiresAt: Date, tx?: Queryable): Promise<void> {
  const q = await db(tx);
  await q.delete(staffSetupLinks).where(and(eq(staffSetupLinks.staffId, staffId), isNull(staffSetupLinks.usedAt)));
  await q.insert(staffSetupLinks).values({ tokenHash, staffId, expiresAt });
}

export async function findOpenSetupLink(tokenHash: string, now: Date): Promise<string | undefined> {
  const [row] = await (
    await database()
  )
    .select({ staffId: staffSetupLinks.staffId })
    .from(staffSetupLinks)
    .where(and(eq(staffSetupLinks.tokenHash, tokenHash), isNull(staffSetupLinks.usedAt), gt(staffSetupLinks.expiresAt, now)));
  return row?.staffId;
}

/** Once: undefined when used, expired or unknown. */
export async function useSetupLink(tokenHash: string, now: Date, tx?: Queryable): Promise<string | undefined> {
  const [row] = await (
    await db(tx)
  )
    .update(staffSetupLinks)
    .set({ usedAt: now })
    .where(and(eq(staffSetupLinks.tokenHash, tokenHash), isNull(staffSetupLinks.usedAt), gt(staffSetupLinks.expiresAt, now)))
    .returning({ staffId: staffSetupLinks.staffId });
  return row?.staffId;
}

/** Keeps the status as it is at that moment (one statement: a person disabled meanwhile stays so; an active owner still counts). */
export async function forgetStaffSignIn(id: string, tx?: Queryable): Promise<StaffMemberRow | undefined> {
  const [row] = await (
    await db(tx)
  )
    .update(staffMembers)
    .set({ passwordHash: null, totpSecret: null, totpLastStep: null, pendingTotpSecret: null })
    .where(eq(staffMembers.id, id))
    .returning();
  await (await db(tx)).delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, id));
  return row;
}

/** Unless disabled meanwhile (one conditional statement). */
export async function activateWithPassword(id: string, passwordHash: string, tx?: Queryable): Promise<StaffMemberRow | undefined> {
  const [row] = await (
    await db(tx)
  )
    .update(staffMembers)
    .set({ passwordHash, status: "active" })
    .where(and(eq(staffMembers.id, id), sql`${staffMembers.status} <> 'disabled'`))
    .returning();
  return row;
}
