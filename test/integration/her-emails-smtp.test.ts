// Her emails through a real mail server (SMTP_URL): an in-process SMTP server (smtp-server)
// receives them, and mailparser reads what arrived. A server that is down loses nothing: the
// email waits in the outbox and arrives, once, when the server is back.
import { vi } from "vitest";

const smtpPort = vi.hoisted(() => {
  // A port of this worker's own (config is read once, before any server can be started).
  const port = 20_000 + (process.pid % 20_000);
  process.env.SMTP_URL = `smtp://tester:secret@127.0.0.1:${port}`;
  process.env.MAIL_FROM = "Menopause Care <care@example.com>";
  return port;
});

import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { database } from "../../app/server/db/client.server";
import { outboxMessages } from "../../app/server/db/schema.server";
import { storedEmailsOf } from "../../app/server/db/stores/stored-emails.server";
import { deliverDueOutboxMessages } from "../../app/server/outbox/delivery.server";
import { provider } from "../../app/server/provider/index.server";
import { subscriptionLinkToken } from "../../app/server/subscriptions/private-link.server";
import { resetDatabase } from "../support/route-harness";
import { heldSubscription, reload } from "../support/subscriptions";

const received: ParsedMail[] = [];
let server: SMTPServer | undefined;

async function startMailServer() {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onAuth: (auth, _session, callback) =>
      auth.username === "tester" && auth.password === "secret" ? callback(null, { user: "tester" }) : callback(new Error("bad login")),
    onData: (stream, _session, callback) => {
      simpleParser(stream)
        .then((mail) => received.push(mail))
        .then(() => callback(), callback);
    },
  });
  await new Promise<void>((resolve) => server!.listen(smtpPort, "127.0.0.1", resolve));
}

async function stopMailServer() {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
}

async function emailMessages() {
  return (await database()).select().from(outboxMessages).where(eq(outboxMessages.kind, "email"));
}

/** The outbox's next try, now (its backoff would otherwise wait a second or more). */
async function dueNow() {
  await (
    await database()
  )
    .update(outboxMessages)
    .set({ nextAttemptAt: new Date(0) })
    .where(eq(outboxMessages.kind, "email"));
}

beforeEach(async () => {
  await resetDatabase();
  received.length = 0;
});

afterEach(async () => {
  await stopMailServer();
});

describe("emails through SMTP_URL", () => {
  it("arrive with a text and an HTML part, from MAIL_FROM, to her, with her link and a Message-ID made of the outbox key", async () => {
    await startMailServer();
    const subscription = await heldSubscription();
    expect(await deliverDueOutboxMessages(await provider(), 100)).toMatchObject({ failed: 0 });
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail!.subject).toBe(`We've received your order ${subscription.reference}`);
    expect(mail!.from?.text).toBe('"Menopause Care" <care@example.com>');
    expect(mail!.text).toContain(`/subscription/${subscriptionLinkToken(await reload(subscription))}`);
    expect(mail!.html).toContain("Open your subscription page");
    const [message] = await emailMessages();
    expect(mail!.messageId).toContain(message!.idempotencyKey.replace(/[^A-Za-z0-9._-]/g, "-"));
    // The embedded mail store is not used when a real server is set.
    expect(await storedEmailsOf(subscription.reference)).toEqual([]);
  });

  it("a mail server that is down loses nothing: the email waits, then arrives once when it is back", async () => {
    const subscription = await heldSubscription();
    const down = await deliverDueOutboxMessages(await provider(), 100);
    expect(down.failed).toBeGreaterThanOrEqual(1);
    const [waiting] = await emailMessages();
    expect(waiting).toMatchObject({ status: "pending", attempts: 1 });
    expect(waiting!.lastError).toBeTruthy();

    await startMailServer();
    await dueNow();
    await deliverDueOutboxMessages(await provider(), 100);
    await dueNow();
    await deliverDueOutboxMessages(await provider(), 100);
    expect(received.map((mail) => mail.subject)).toEqual([`We've received your order ${subscription.reference}`]);
    expect((await emailMessages())[0]).toMatchObject({ status: "delivered", attempts: 2 });
  });
});
