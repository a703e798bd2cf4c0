// The outbox message that sends one of her emails: what happened, named by her order's
// reference. Her address and her link are read when it is delivered, so the outbox holds no
// contact details, and an email still waiting when she asks for a new link carries the new one.
// Pure: the words themselves are in emails.ts, rendered from these facts at delivery.
import type { EmailFacts, EmailKind } from "./emails";
import type { PlanSummary } from "./plan-summary";

export interface EmailPayload {
  reference: string;
  email: EmailKind;
  /** When it happened (the lifecycle clock): part of the key, so each event mails once. */
  occurred_at: string;
  amount_cents?: number;
  period?: number;
  next_billing_at?: string;
  retry_at?: string;
  last_billing_at?: string;
  failure?: string;
  hold_released?: boolean;
  before_review?: boolean;
  ends?: boolean;
  card?: string;
  /** Her new shipping address's town and state (address_changed): never the street. */
  ship_city?: string;
  ship_state?: string;
  /** Her billing date changed: the date it had before, and whether it moved back to it. */
  previous_billing_at?: string;
  moved_back?: boolean;
  /** A refund's id: each refund mails once, also two alike at one moment (not shown to her). */
  refund_id?: number;
}

type FactsIn = Omit<EmailFacts, "kind">;

const iso = (date: Date | undefined | null) => (date ? date.toISOString() : undefined);

/** The message's payload: only the facts given, dates as ISO text. */
export function emailPayload(reference: string, email: EmailKind, at: Date, facts: FactsIn = {}): EmailPayload {
  const payload: EmailPayload = {
    reference,
    email,
    occurred_at: at.toISOString(),
    amount_cents: facts.amountCents,
    period: facts.period,
    next_billing_at: iso(facts.nextBillingAt),
    retry_at: iso(facts.retryAt),
    last_billing_at: iso(facts.lastBillingAt),
    failure: facts.failure,
    hold_released: facts.holdReleased,
    before_review: facts.beforeReview,
    ends: facts.ends,
    card: facts.card,
    ship_city: facts.shipCity,
    ship_state: facts.shipState,
    previous_billing_at: iso(facts.previousBillingAt),
    moved_back: facts.movedBack,
  };
  for (const key of Object.keys(payload) as (keyof EmailPayload)[]) if (payload[key] === undefined) delete payload[key];
  return payload;
}

const date = (text: string | undefined) => (text === undefined ? undefined : new Date(text));

export function emailFacts(payload: EmailPayload): EmailFacts {
  return {
    kind: payload.email,
    amountCents: payload.amount_cents,
    period: payload.period,
    nextBillingAt: date(payload.next_billing_at),
    retryAt: date(payload.retry_at),
    lastBillingAt: date(payload.last_billing_at),
    failure: payload.failure,
    holdReleased: payload.hold_released,
    beforeReview: payload.before_review,
    ends: payload.ends,
    card: payload.card,
    shipCity: payload.ship_city,
    shipState: payload.ship_state,
    previousBillingAt: date(payload.previous_billing_at),
    movedBack: payload.moved_back,
  };
}

/** Her plan sent to her own doctor at her request: what she shared, as she shared it. */
export interface DoctorEmailPayload {
  to: string;
  responder_uuid: string;
  first_name: string | null;
  note: string | null;
  summary: PlanSummary;
  printable: string;
  /** Each request is its own email. */
  requested_at: string;
}
