// What an email reads before it is written: the subscription it is about and her order, in one
// statement. An email about a reference we do not know is dropped, never sent to anyone.
import { beforeEach, expect, it } from "vitest";
import { emailPayload } from "../../app/funnel/email-messages";
import { findOrder } from "../../app/server/db/stores/orders.server";
import { deliverEmail } from "../../app/server/mail/her-emails.server";
import type { Mailer, OutgoingMail } from "../../app/server/mail/mailer.server";
import { resetDatabase } from "../support/route-harness";
import { heldSubscription } from "../support/subscriptions";

const sentBy = () => {
  const sent: OutgoingMail[] = [];
  const mailer: Mailer = { kind: "embedded", send: async (mail) => void sent.push(mail) };
  return { sent, mailer };
};

beforeEach(async () => {
  await resetDatabase();
});

it("writes to the address of her order, by her first name, about her subscription's reference", async () => {
  const subscription = await heldSubscription();
  const customer = ((await findOrder(subscription.responderUuid))!.body as { customer: { firstName: string; email: string } }).customer;
  const { sent, mailer } = sentBy();
  await deliverEmail(emailPayload(subscription.reference, "order_received", new Date()), "test-received", mailer);
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatchObject({ orderReference: subscription.reference, kind: "order_received", to: customer.email });
  expect(sent[0]!.text).toContain(`Hi ${customer.firstName},`);
  expect(sent[0]!.text).toContain(subscription.reference);
});

it("sends nothing about a reference no subscription has", async () => {
  await heldSubscription();
  const { sent, mailer } = sentBy();
  await deliverEmail(emailPayload("MC-NONE-NONE", "order_received", new Date()), "test-unknown", mailer);
  expect(sent).toHaveLength(0);
});
