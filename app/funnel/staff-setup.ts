// A setup link: how a new person (or one whose password was reset) sets up their own sign-in,
// a password and an authenticator, without anyone else ever knowing either. The link works
// once, for 72 hours; only a hash of it is kept. Its email says who sent it, the role, the
// link and how long it works, and nothing else. Pure: the words and the rules.
import { escapeHtml } from "./emails";
import { staffRoleLabels, type StaffRole } from "./staff";

export const setupLinkHours = 72;

/** The token in a setup address: 32 random bytes, base64url. */
export const setupTokenPattern = /^[A-Za-z0-9_-]{43}$/;

export const setupLinkRefusal = "This setup link has expired or has already been used. Ask an owner for a new one.";

/**
 * The outbox message of a setup email ("staff-email"). The link is sealed (a copy of the
 * outbox alone opens nothing) and named by its hash, so an email whose link was used or
 * replaced before it went out is not sent.
 */
export interface StaffEmailPayload {
  to: string;
  name: string;
  role: StaffRole;
  /** Who made the link: a staff name, or null for the server's command line. */
  sent_by: string | null;
  /** Added to the staff now, or a new link for someone already on it. */
  reason: "added" | "new-link";
  sealed_link: string;
  token_hash: string;
}

export interface RenderedStaffEmail {
  subject: string;
  text: string;
  html: string;
}

export const setupEmailSubject = "Set up your sign-in to the Menopause Care console";

/**
 * The setup email. `link` is null when no mail server sends it (the embedded mail store, which
 * the console lists to support too): the owner who made the link was shown it and passes it on.
 */
export function renderSetupEmail(
  payload: Pick<StaffEmailPayload, "name" | "role" | "sent_by" | "reason">,
  link: string | null,
): RenderedStaffEmail {
  const role = staffRoleLabels[payload.role];
  const opening =
    payload.reason === "added"
      ? `${payload.sent_by ?? "An owner"} added you to the Menopause Care console as ${role}.`
      : `${payload.sent_by ? `${payload.sent_by} sent you` : "Here is"} a new link to set up your sign-in to the Menopause Care console, as ${role}. Your earlier password and authenticator no longer work.`;
  const paragraphs = [
    `Hi ${payload.name},`,
    opening,
    link
      ? `Set up your sign-in (a password and an authenticator app on your phone): ${link}`
      : `The setup link was shown to ${payload.sent_by ?? "the owner who made it"}: ask them for it.`,
    `The link works once, for ${setupLinkHours} hours.`,
  ];
  const text = `${paragraphs.join("\n\n")}\n`;
  const htmlParagraphs = paragraphs.map((paragraph) =>
    link && paragraph.includes(link)
      ? `<p>Set up your sign-in (a password and an authenticator app on your phone): <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`
      : `<p>${escapeHtml(paragraph)}</p>`,
  );
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(setupEmailSubject)}</title></head>
<body style="font-family:system-ui,sans-serif;font-size:16px;line-height:1.5">
${htmlParagraphs.join("\n")}
</body>
</html>
`;
  return { subject: setupEmailSubject, text, html };
}
