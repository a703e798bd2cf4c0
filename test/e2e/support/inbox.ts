// Her inbox at the mail stand-in (mailbox-stand-in.mjs): the tests wait for an email as she
// would, then read its text part.
// expect from Playwright itself: fixtures.ts imports this module (through paid-order.ts).
import { expect } from "@playwright/test";
import { mailboxOrigin } from "./servers";

export interface ReceivedEmail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
}

export async function emailsTo(address: string): Promise<ReceivedEmail[]> {
  const answer = await fetch(`${mailboxOrigin}/messages?to=${encodeURIComponent(address)}`);
  return (await answer.json()) as ReceivedEmail[];
}

/** The latest email to `address` whose subject matches, once it has arrived (the outbox polls every 200 ms). */
export async function waitForEmail(address: string, subject: RegExp): Promise<ReceivedEmail> {
  let found: ReceivedEmail | undefined;
  await expect
    .poll(
      async () => {
        found = (await emailsTo(address)).filter((email) => subject.test(email.subject)).at(-1);
        return found !== undefined;
      },
      { message: `an email to ${address} about ${subject}`, timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

/** Her private link in an email's text: its path, to open on the app under test. */
export function subscriptionLinkIn(text: string): string {
  const link = /https?:\/\/\S+(\/subscription\/[A-Za-z0-9_.-]+)/.exec(text);
  expect(link, "a private link in the email").not.toBeNull();
  return link![1]!;
}
