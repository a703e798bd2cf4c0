// The embedded card gateway, so a fresh clone takes payments with no network. It does what
// Stripe's sandbox does with Stripe's test cards (app/funnel/test-cards) and refuses any other
// number, so a real card typed here is never kept, sent or logged. Its records are kept as Stripe
// keeps PaymentIntents (a hold lapses after 7 days on the sandbox clock), and each answer under
// its key, so a repeated call does nothing new.
import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { holdLifetimeMs } from "../../funnel/subscription-life";
import { database } from "../db/client.server";
import { sandboxOperations, sandboxPayments } from "../db/schema.server";
import { sandboxNow } from "../db/stores/sandbox-clock.server";
import { openSandboxDispute, sandboxDisputeNews, sandboxDisputeTold } from "./sandbox-disputes.server";
import {
  cardBrand,
  cardInputMessages,
  type CardBrand,
  paymentMessages,
  readCardNumber,
  readExpiry,
  readSecurityCode,
  sandboxDeclineMessage,
  sandboxDisputesCharges,
  sandboxOffSessionOutcome,
  sandboxOutcome,
} from "../../funnel/test-cards";
import {
  InvalidCardInput,
  unexpectedFailure,
  type AttemptLookup,
  type AuthorisationResult,
  type AuthoriseRequest,
  type ChargeResult,
  type HoldResult,
  type PaymentGateway,
  type RefundRequest,
  type RefundResult,
  type SaveCardRequest,
  type SaveCardResult,
  type SavedCardCharge,
} from "./gateway.server";

const referencePrefix = "sandbox_pi_";
const referencePattern = /^sandbox_pi_[0-9a-f]{24}$/;

/** Stripe's smallest USD charge; the sandbox refuses less, as Stripe would. */
const minimumAmountCents = 50;

/** A route of this app. */
export function sandboxAuthenticationPath(reference: string): string {
  return `/sandbox/authenticate/${reference}`;
}

/** From its key, so a retry gets the same. */
export function sandboxReference(idempotencyKey: string): string {
  const digest = createHash("sha256").update(`sandbox-payment:${idempotencyKey}`).digest("hex");
  return `${referencePrefix}${digest.slice(0, 24)}`;
}

/** From the try's key. */
function sandboxCardReference(idempotencyKey: string): string {
  const digest = createHash("sha256").update(`sandbox-card:${idempotencyKey}`).digest("hex");
  return `sandbox_card_${digest.slice(0, 24)}`;
}

export function isSandboxReference(reference: string): boolean {
  return referencePattern.test(reference);
}

type SandboxPayment = typeof sandboxPayments.$inferSelect;

async function findPayment(reference: string): Promise<SandboxPayment | undefined> {
  const [row] = await (await database()).select().from(sandboxPayments).where(eq(sandboxPayments.reference, reference));
  return row;
}

/** Once: a repeated attempt has the same reference and writes nothing (undefined). */
async function keepPayment(
  payment: Omit<typeof sandboxPayments.$inferInsert, "createdAt" | "updatedAt">,
  at: Date,
): Promise<SandboxPayment | undefined> {
  const [kept] = await (
    await database()
  )
    .insert(sandboxPayments)
    .values({ ...payment, createdAt: at, updatedAt: at })
    .onConflictDoNothing({ target: sandboxPayments.reference })
    .returning();
  return kept;
}

/** Brand and last four, and what a charge without her will do. */
function keptCard(digits: string) {
  return {
    cardBrand: cardBrand(digits),
    cardLast4: digits.slice(-4),
    offSession: sandboxOffSessionOutcome(digits),
    declineMessage: sandboxDeclineMessage(digits) ?? null,
    disputesCharges: sandboxDisputesCharges(digits),
  };
}

/** Or the field it fails on, thrown. */
function readTypedCard(
  card: { number: string; expiry: string; securityCode: string } | undefined,
  today: Date,
): { digits: string; brand: CardBrand } {
  const digits = readCardNumber(card?.number ?? "");
  if (card === undefined || digits === undefined) throw new InvalidCardInput("cardNumber", cardInputMessages.cardNumber);
  const expiry = readExpiry(card.expiry, today);
  if (!expiry.ok) throw new InvalidCardInput("expiry", expiry.message);
  const brand = cardBrand(digits);
  if (readSecurityCode(card.securityCode, brand) === undefined) {
    throw new InvalidCardInput("securityCode", cardInputMessages.securityCode(brand));
  }
  return { digits, brand };
}

/** Written once (a repeated attempt has the same reference); placed and lapsing on the sandbox clock. */
async function keepHold(
  reference: string,
  amountCents: number,
  digits: string,
  status: "held" | "requires_action",
): Promise<{ placedAt: Date; expiresAt: Date }> {
  const placedAt = await sandboxNow();
  const expiresAt = new Date(placedAt.getTime() + holdLifetimeMs);
  const kept =
    (await keepPayment({ reference, kind: "hold", status, amountCents, ...keptCard(digits), expiresAt }, placedAt)) ??
    (await findPayment(reference));
  return { placedAt: kept?.createdAt ?? placedAt, expiresAt: kept?.expiresAt ?? expiresAt };
}

/**
 * A key seen before gets the answer it got then. Two calls with one key at once both run, as at
 * Stripe within its lock: the first answer kept is what both later see, and writes are conditional.
 */
async function once<T extends HoldResult | ChargeResult | RefundResult>(idempotencyKey: string, operation: () => Promise<T>): Promise<T> {
  const db = await database();
  const [seen] = await db.select().from(sandboxOperations).where(eq(sandboxOperations.idempotencyKey, idempotencyKey));
  if (seen) return seen.answer as unknown as T;
  const answer = await operation();
  // A failure is not kept: the same key may be tried again, as at Stripe after a 5xx.
  if (answer.status === "failed") return answer;
  await db.insert(sandboxOperations).values({ idempotencyKey, answer }).onConflictDoNothing({ target: sandboxOperations.idempotencyKey });
  const [kept] = await db.select().from(sandboxOperations).where(eq(sandboxOperations.idempotencyKey, idempotencyKey));
  return (kept?.answer as unknown as T | undefined) ?? answer;
}

/** False when another call moved it first. */
async function settleHold(reference: string, status: "captured" | "released", amountCents?: number): Promise<boolean> {
  const moved = await (
    await database()
  )
    .update(sandboxPayments)
    .set({ status, ...(amountCents === undefined ? {} : { amountCents }), updatedAt: await sandboxNow() })
    .where(and(eq(sandboxPayments.reference, reference), eq(sandboxPayments.status, "held")))
    .returning({ reference: sandboxPayments.reference });
  return moved.length > 0;
}

async function capture(reference: string, amountCents: number): Promise<HoldResult> {
  const hold = await findPayment(reference);
  if (hold?.kind !== "hold") return { status: "failed", message: "No such hold" };
  if (hold.status === "captured") return { status: "done", reference };
  if (hold.status !== "held" || (hold.expiresAt !== null && (await sandboxNow()) >= hold.expiresAt)) return { status: "expired" };
  if (amountCents > hold.amountCents) return { status: "failed", message: "The amount to capture is more than the hold" };
  if (!(await settleHold(reference, "captured", amountCents))) return capture(reference, amountCents);
  // The dispute card: the payment taken is disputed at once, as in Stripe's test mode.
  if (hold.disputesCharges) await openSandboxDispute(reference, amountCents);
  return { status: "done", reference };
}

async function release(reference: string): Promise<HoldResult> {
  const hold = await findPayment(reference);
  if (hold?.kind !== "hold") return { status: "failed", message: "No such hold" };
  if (hold.status === "released") return { status: "done", reference };
  if (hold.status !== "held" || (hold.expiresAt !== null && (await sandboxNow()) >= hold.expiresAt)) return { status: "expired" };
  return (await settleHold(reference, "released")) ? { status: "done", reference } : release(reference);
}

/** From its key, so a retry gets the same. */
function sandboxRefundReference(idempotencyKey: string): string {
  const digest = createHash("sha256").update(`sandbox-refund:${idempotencyKey}`).digest("hex");
  return `sandbox_re_${digest.slice(0, 24)}`;
}

class NothingLeft extends Error {}

/**
 * Never more than is left (one conditional statement, the record in the same transaction). The
 * record is written first under its key's reference: a second call at the same moment waits and
 * finds the refund made.
 */
async function refund(request: RefundRequest): Promise<RefundResult> {
  const payment = await findPayment(request.paymentReference);
  const paid = (payment?.kind === "hold" && payment.status === "captured") || (payment?.kind === "charge" && payment.status === "paid");
  if (!payment || !paid) return { status: "refused", message: "This payment was not charged, so it cannot be refunded." };
  if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0)
    return { status: "refused", message: "The refund amount must be a positive number of cents." };
  const reference = sandboxRefundReference(request.idempotencyKey);
  const at = await sandboxNow();
  try {
    await (
      await database()
    ).transaction(async (tx) => {
      const [kept] = await tx
        .insert(sandboxPayments)
        .values({
          reference,
          kind: "refund",
          status: "succeeded",
          amountCents: request.amountCents,
          cardBrand: payment.cardBrand,
          cardLast4: payment.cardLast4,
          offSession: payment.offSession,
          savedFrom: payment.reference,
          createdAt: at,
          updatedAt: at,
        })
        .onConflictDoNothing({ target: sandboxPayments.reference })
        .returning({ reference: sandboxPayments.reference });
      if (!kept) return;
      const [raised] = await tx
        .update(sandboxPayments)
        .set({ refundedCents: sql`${sandboxPayments.refundedCents} + ${request.amountCents}`, updatedAt: at })
        .where(
          and(
            eq(sandboxPayments.reference, payment.reference),
            sql`${sandboxPayments.refundedCents} + ${request.amountCents} <= ${sandboxPayments.amountCents}`,
          ),
        )
        .returning({ reference: sandboxPayments.reference });
      if (!raised) throw new NothingLeft();
    });
  } catch (error) {
    if (error instanceof NothingLeft) return { status: "refused", message: "The refund is more than is left of this payment." };
    throw error;
  }
  return { status: "succeeded", reference };
}

/**
 * From the record of its key: a hold is the lost authorisation; a hold waiting for 3-D Secure is
 * closed ("failed"), as nobody will authenticate it now; no record, it never reached the sandbox.
 */
async function lookupAttempt(idempotencyKey: string): Promise<AttemptLookup> {
  const reference = sandboxReference(idempotencyKey);
  let hold = await findPayment(reference);
  if (hold?.kind !== "hold") return { status: "none" };
  if (hold.status === "requires_action") {
    await (
      await database()
    )
      .update(sandboxPayments)
      .set({ status: "failed", updatedAt: await sandboxNow() })
      .where(and(eq(sandboxPayments.reference, reference), eq(sandboxPayments.status, "requires_action")));
    hold = await findPayment(reference);
  }
  if (hold?.status === "held" || hold?.status === "captured") {
    return {
      status: "authorised",
      reference,
      cardBrand: hold.cardBrand,
      cardLast4: hold.cardLast4,
      holdExpiresAt: hold.expiresAt ?? undefined,
    };
  }
  return { status: "failed", message: paymentMessages.unexpected };
}

async function chargeSavedCard(charge: SavedCardCharge): Promise<ChargeResult> {
  const hold = await findPayment(charge.savedCard);
  if (hold?.kind !== "hold" && hold?.kind !== "card") return { status: "failed", message: "No such saved card" };
  if (!Number.isSafeInteger(charge.amountCents) || charge.amountCents < minimumAmountCents) {
    return { status: "failed", message: "The amount is under the smallest charge" };
  }
  const reference = sandboxReference(`charge:${charge.idempotencyKey}`);
  const paid = hold.offSession === "charge";
  await keepPayment(
    {
      reference,
      kind: "charge",
      status: paid ? "paid" : "failed",
      amountCents: charge.amountCents,
      cardBrand: hold.cardBrand,
      cardLast4: hold.cardLast4,
      offSession: hold.offSession,
      disputesCharges: hold.disputesCharges,
      declineMessage: hold.declineMessage,
      savedFrom: hold.reference,
    },
    await sandboxNow(),
  );
  if (paid && hold.disputesCharges) await openSandboxDispute(reference, charge.amountCents);
  if (paid) return { status: "paid", reference };
  const message =
    hold.offSession === "authentication_required"
      ? paymentMessages.authenticationRequired
      : (hold.declineMessage ?? paymentMessages.cardMethodFailed);
  return { status: "declined", reference, message };
}

export function sandboxGateway(options: { now?: () => Date } = {}): PaymentGateway {
  const now = options.now ?? (() => new Date());

  return {
    kind: "sandbox",

    async authorise(request: AuthoriseRequest): Promise<AuthorisationResult> {
      const { digits, brand } = readTypedCard(request.card, now());
      if (!Number.isSafeInteger(request.amountCents) || request.amountCents < minimumAmountCents) {
        return unexpectedFailure();
      }

      const reference = sandboxReference(request.idempotencyKey);
      // Only the brand and the last four digits ever leave this function.
      const cardLast4 = digits.slice(-4);
      switch (sandboxOutcome(digits)) {
        case "authorise": {
          const hold = await keepHold(reference, request.amountCents, digits, "held");
          return {
            status: "authorised",
            reference,
            cardBrand: brand,
            cardLast4,
            holdExpiresAt: hold.expiresAt,
            holdPlacedAt: hold.placedAt,
          };
        }
        case "authenticate":
          await keepHold(reference, request.amountCents, digits, "requires_action");
          return {
            status: "requires_action",
            reference,
            cardBrand: brand,
            cardLast4,
            action: { kind: "redirect", url: sandboxAuthenticationPath(reference) },
          };
        case "decline":
          return { status: "declined", message: sandboxDeclineMessage(digits) ?? paymentMessages.cardMethodFailed };
        case "refuse":
          return { status: "declined", message: paymentMessages.sandboxRefused };
      }
    },

    async resume(reference: string, outcome?: { authenticated: boolean }): Promise<AuthorisationResult> {
      if (!isSandboxReference(reference)) return unexpectedFailure();
      if (outcome?.authenticated !== true) {
        return { status: "declined", message: paymentMessages.authenticationFailed };
      }
      const hold = await findPayment(reference);
      if (hold?.kind !== "hold") return unexpectedFailure();
      if (hold.status === "requires_action") {
        // Authenticated now: the hold runs its 7 days from here.
        const at = await sandboxNow();
        await (
          await database()
        )
          .update(sandboxPayments)
          .set({ status: "held", expiresAt: new Date(at.getTime() + holdLifetimeMs), updatedAt: at })
          .where(and(eq(sandboxPayments.reference, reference), eq(sandboxPayments.status, "requires_action")));
      }
      const held = await findPayment(reference);
      // Closed by a lookup after its attempt was cut off: it can no longer be authenticated.
      if (held?.status === "failed") return { status: "declined", message: paymentMessages.authenticationFailed };
      return {
        status: "authorised",
        reference,
        cardBrand: held?.cardBrand ?? null,
        cardLast4: held?.cardLast4 ?? null,
        holdExpiresAt: held?.expiresAt ?? undefined,
      };
    },

    // Kept as Stripe keeps a SetupIntent's card. The sandbox has no setup page: cards asking for
    // 3-D Secure on setup are kept as if she passed it; 3184 still asks on every charge.
    async saveCard(request: SaveCardRequest): Promise<SaveCardResult> {
      const { digits, brand } = readTypedCard(request.card, now());
      const outcome = sandboxOutcome(digits);
      if (outcome === "decline") return { status: "declined", message: sandboxDeclineMessage(digits) ?? paymentMessages.cardMethodFailed };
      if (outcome === "refuse") return { status: "declined", message: paymentMessages.sandboxRefused };
      const reference = sandboxCardReference(request.idempotencyKey);
      await keepPayment(
        { reference, kind: "card", status: "saved", amountCents: 0, ...keptCard(digits), savedFrom: request.holdReference },
        await sandboxNow(),
      );
      return { status: "saved", reference, cardBrand: brand, cardLast4: digits.slice(-4) };
    },

    capture: (reference, amountCents, idempotencyKey) => once(idempotencyKey, () => capture(reference, amountCents)),
    release: (reference, idempotencyKey) => once(idempotencyKey, () => release(reference)),
    chargeSavedCard: (charge) => once(charge.idempotencyKey, () => chargeSavedCard(charge)),
    refund: (request) => once(request.idempotencyKey, () => refund(request)),
    lookupAttempt: ({ idempotencyKey }) => lookupAttempt(idempotencyKey),
    // Its own database: a lookup sees every attempt at once.
    lookupSettlesAfterMs: 0,
    disputeNews: sandboxDisputeNews,
    disputeTold: sandboxDisputeTold,
  };
}
