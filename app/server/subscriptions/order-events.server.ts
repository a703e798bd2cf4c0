// What a transition tells others, made beside the transition so it goes out in the same
// transaction, through the outbox: the provider's copy (the order-events path) and her email.
import type { EmailFacts, EmailKind } from "../../funnel/emails";
import type { OrderEventBody } from "../../funnel/order-event";
import {
  nextState,
  type HerChangeEvent,
  type MoneyBackEvent,
  type NoticeEvent,
  type SubscriptionEvent,
} from "../../funnel/subscription-life";
import type { SubscriptionRow } from "../db/stores/subscriptions.server";
import { emailPayload } from "../../funnel/email-messages";
import type { OutboxMessage } from "../db/stores/outbox.server";

type Extra = Pick<
  OrderEventBody,
  "amount_cents" | "period" | "message" | "reason" | "next_billing_at" | "plan" | "previous_plan" | "renewal_cents" | "plan_from"
>;
type Announced = Exclude<SubscriptionEvent, "hold_placed">;
/**
 * The transitions, each with its own email (a refund's or a dispute's line has none of its own;
 * her data erased has none: we no longer hold her address; a notice's line is for the email itself).
 */
type Transitioned = Exclude<Announced, MoneyBackEvent | HerChangeEvent | NoticeEvent | "personal_data_erased">;

export function orderEventMessage(subscription: SubscriptionRow, event: Announced, at: Date, extra: Extra = {}): OutboxMessage {
  return {
    kind: "order-event",
    payload: {
      ...(subscription.gateway === "sandbox" ? { sandbox: true as const } : {}),
      responder_uuid: subscription.responderUuid,
      order_reference: subscription.reference,
      event,
      state: nextState(subscription.state, event) ?? subscription.state,
      ...extra,
      occurred_at: at.toISOString(),
    },
  };
}

/** Which of her emails each transition sends. */
const emailOfEvent: Record<Transitioned, EmailKind> = {
  approved_captured: "approved",
  approved_charged: "approved",
  approved_payment_failed: "payment_needed",
  declined_released: "declined",
  hold_expired: "hold_expired",
  cancelled_released: "cancelled",
  cancelled: "cancelled",
  cancelled_after_renewal: "cancelled",
  renewal_charged: "renewal_charged",
  renewal_failed: "renewal_failed",
  lapsed: "lapsed",
  medically_disqualified: "disqualified",
};

/** The email her order gets for `event`. */
export function emailMessage(
  subscription: SubscriptionRow,
  kind: EmailKind,
  at: Date,
  facts: Omit<EmailFacts, "kind"> = {},
): OutboxMessage {
  return { kind: "email", payload: emailPayload(subscription.reference, kind, at, facts) };
}

/**
 * The provider's copy of the transition and her email about it. `facts` adds what only the
 * caller knows (the next billing date, a retry's date); the amount and the bank's words come
 * from `extra`.
 */
export function transitionMessages(
  subscription: SubscriptionRow,
  event: Transitioned,
  at: Date,
  extra: Extra = {},
  facts: Omit<EmailFacts, "kind"> = {},
): OutboxMessage[] {
  return [
    orderEventMessage(subscription, event, at, extra),
    emailMessage(subscription, emailOfEvent[event], at, {
      amountCents: extra.amount_cents,
      period: extra.period,
      failure: extra.message,
      ...facts,
    }),
  ];
}
