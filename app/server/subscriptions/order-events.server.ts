// The provider's copy of a transition (the order-events path), made beside the transition so
// it goes out in the same transaction, through the outbox.
import type { OrderEventBody } from "../../funnel/order-event";
import { nextState, type SubscriptionEvent } from "../../funnel/subscription-life";
import type { SubscriptionRow } from "../db/stores/subscriptions.server";
import type { OutboxMessage } from "../outbox.server";

export function orderEventMessage(
  subscription: SubscriptionRow,
  event: Exclude<SubscriptionEvent, "hold_placed">,
  at: Date,
  extra: Pick<OrderEventBody, "amount_cents" | "period" | "message"> = {},
): OutboxMessage {
  return {
    kind: "order-event",
    payload: {
      responder_uuid: subscription.responderUuid,
      order_reference: subscription.reference,
      event,
      state: nextState(subscription.state, event) ?? subscription.state,
      ...extra,
      occurred_at: at.toISOString(),
    },
  };
}
