// The mail adapter (ARCHITECTURE "Adapters"): a real mail server through nodemailer when
// SMTP_URL is set, otherwise the embedded mail store that the owner's console lists. Either
// is called by the outbox worker, so a mail server that is down only delays an email.
import nodemailer, { type Transporter } from "nodemailer";
import { config } from "../config.server";
import { keepEmail } from "../db/stores/stored-emails.server";

export interface OutgoingMail {
  /** The outbox message's key: the same email delivered again is the same message. */
  idempotencyKey: string;
  kind: string;
  orderReference: string | null;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  readonly kind: "smtp" | "embedded";
  send(mail: OutgoingMail): Promise<void>;
}

/** A Message-ID made of the outbox key, so a mail server or her client can tell a repeat. */
export function messageIdOf(idempotencyKey: string, from: string): string {
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? "localhost";
  return `<${idempotencyKey.replace(/[^A-Za-z0-9._-]/g, "-")}@${domain}>`;
}

export function smtpMailer(url: string, from: string): Mailer {
  let transport: Transporter | undefined;
  return {
    kind: "smtp",
    async send(mail) {
      // Short waits: an unanswered server fails this try, and the outbox tries again later.
      transport ??= nodemailer.createTransport(url, {
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      } as never);
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: messageIdOf(mail.idempotencyKey, from),
      });
    },
  };
}

export function embeddedMailer(from: string): Mailer {
  return {
    kind: "embedded",
    send: (mail) => keepEmail({ ...mail, from }),
  };
}

let chosen: Mailer | undefined;

/** This process's mailer, chosen once from the settings. */
export function mailer(): Mailer {
  const settings = config();
  chosen ??= settings.SMTP_URL ? smtpMailer(settings.SMTP_URL, settings.MAIL_FROM) : embeddedMailer(settings.MAIL_FROM);
  return chosen;
}
