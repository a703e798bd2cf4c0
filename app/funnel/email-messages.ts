// The outbox message that sends one of her emails: what happened, named by her order's
// reference. Her address and her link are read when it is delivered, so the outbox holds no
// contact details, and an email still waiting when she asks for a new link carries the new one.
// Pure: the words themselves are in emails.ts, rendered from these facts at delivery.
import type { EmailFacts, EmailKind, PlanChangeLine } from "./emails";
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
  /**
   * Her link asked for by email: the generation sent, which waits until first opened (her
   * other emails carry the link that opens now).
   */
  link_version?: number;
  /** Her plan changed (or a waiting change starts after this renewal): plans, price and dates. */
  plan_change?: {
    kind: PlanChangeLine["kind"];
    from_plan: PlanChangeLine["fromPlan"];
    to_plan: PlanChangeLine["toPlan"];
    cents: number;
    starts_at: string;
    fixed_at?: string;
    fixed_cents?: number;
  };
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
    plan_change: facts.planChange && planChangePayload(facts.planChange),
  };
  for (const key of Object.keys(payload) as (keyof EmailPayload)[]) if (payload[key] === undefined) delete payload[key];
  return payload;
}

const date = (text: string | undefined) => (text === undefined ? undefined : new Date(text));

function planChangePayload(line: PlanChangeLine): NonNullable<EmailPayload["plan_change"]> {
  const payload = {
    kind: line.kind,
    from_plan: line.fromPlan,
    to_plan: line.toPlan,
    cents: line.cents,
    starts_at: line.startsAt.toISOString(),
    fixed_at: iso(line.fixedAt),
    fixed_cents: line.fixedCents,
  };
  if (payload.fixed_at === undefined) delete payload.fixed_at;
  if (payload.fixed_cents === undefined) delete payload.fixed_cents;
  return payload;
}

function planChangeOf(payload: EmailPayload["plan_change"]): PlanChangeLine | undefined {
  if (!payload) return undefined;
  return {
    kind: payload.kind,
    fromPlan: payload.from_plan,
    toPlan: payload.to_plan,
    cents: payload.cents,
    startsAt: new Date(payload.starts_at),
    fixedAt: date(payload.fixed_at),
    fixedCents: payload.fixed_cents,
  };
}

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
    planChange: planChangeOf(payload.plan_change),
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
