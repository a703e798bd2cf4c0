// Delivering the link to her health data (the outbox's "health-data-email" messages): the link
// made from the request, the words in the language she asked in, then the mailer.
import { healthDataLinkHours, type HealthDataEmailPayload } from "../../funnel/health-data";
import { renderHealthDataEmail } from "../../funnel/emails";
import { translator } from "../../i18n/messages";
import { mailer, type Mailer } from "../mail/mailer.server";
import { healthDataLink } from "./health-data-link.server";

export async function deliverHealthDataEmail(
  payload: HealthDataEmailPayload,
  idempotencyKey: string,
  send: Mailer = mailer(),
): Promise<void> {
  const rendered = renderHealthDataEmail(
    healthDataLink(payload.request_id, payload.language),
    healthDataLinkHours,
    translator(payload.language),
  );
  await send.send({ idempotencyKey, kind: "health_data_link", orderReference: null, to: payload.to, ...rendered });
}
