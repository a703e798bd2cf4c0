// Her emails as the embedded mail store kept them (no SMTP_URL): newest first, each with its
// text, so a fresh clone shows every email the product sends and QA, as the owner of the local
// server, can open her link from one. Anyone else, and everyone once a mail server is set,
// reads a marker where her link was (app/server/console/kept-emails.server.ts): her link acts as
// her. With a real mail server the emails go there and only the outbox's count shows here.
// Every opening of the page is in the audit log (no order: it shows many).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { formatTime } from "../components/console-format";
import { ConsolePager } from "../components/console-parts";
import { maskEmail } from "../funnel/her-subscription";
import { linksMarkedNote } from "../funnel/kept-emails";
import type { RouteHandle } from "../route-handle";
import { config } from "../server/config.server";
import { listStoredEmails } from "../server/db/stores/stored-emails.server";
import { countPendingOutboxMessages } from "../server/db/stores/outbox.server";
import { keptEmailReader } from "../server/console/kept-emails.server";
import { actorOf, audit } from "../server/staff/audit.server";
import { requireStaff } from "../server/staff/staff-session.server";

export const handle: RouteHandle = { title: "Emails: Owner's console" };

const pageSize = 25;

export async function loader({ request }: LoaderFunctionArgs) {
  const { staff } = await requireStaff(request, "emails");
  await audit(request, actorOf(staff), "emails-viewed");
  const requested = Number(new URL(request.url).searchParams.get("page"));
  const page = Number.isSafeInteger(requested) && requested >= 1 ? requested : 1;
  const [{ rows, total }, pending] = await Promise.all([listStoredEmails(page, pageSize), countPendingOutboxMessages("email")]);
  const reader = keptEmailReader(staff.role);
  return {
    smtp: config().SMTP_URL !== undefined,
    linksWhole: reader.linksWhole,
    pending,
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
    emails: rows.map((row) => ({
      id: row.id,
      at: row.createdAt.toISOString(),
      to: maskEmail(row.toAddress),
      reference: row.orderReference,
      subject: row.subject,
      text: reader.text(row.text),
    })),
  };
}

export default function ConsoleEmails() {
  const { smtp, linksWhole, pending, total, page, pageCount, emails } = useLoaderData<typeof loader>();
  return (
    <section className="owner-page" aria-labelledby="page-title">
      <h1 id="page-title">Emails</h1>
      <p className="owner-count">
        {smtp
          ? "Emails are sent to the mail server set by SMTP_URL; none are kept here."
          : "No mail server is set (SMTP_URL): every email is kept here instead of being sent."}{" "}
        {pending} {pending === 1 ? "email is" : "emails are"} waiting in the outbox.
      </p>
      {total === 0 ? (
        <p className="owner-empty">No emails kept yet.</p>
      ) : (
        <>
          <p className="owner-count">
            {total} {total === 1 ? "email" : "emails"}, newest first. Times are UTC.
          </p>
          {linksWhole ? null : <p className="owner-footnote">{linksMarkedNote}</p>}
          <ol className="owner-emails">
            {emails.map((email) => (
              <li key={email.id}>
                <details>
                  <summary>
                    <span className="owner-code">{email.reference ?? "no order"}</span> {email.subject}{" "}
                    <span className="owner-footnote">
                      to {email.to}, {formatTime(email.at)}
                    </span>
                  </summary>
                  <pre className="owner-email-text">
                    <LinkedText text={email.text} />
                  </pre>
                </details>
              </li>
            ))}
          </ol>
          <ConsolePager address="/owner/emails" label="Pages of emails" page={page} pageCount={pageCount} />
        </>
      )}
    </section>
  );
}

/** The email's text with its addresses as links, so QA opens her link from here. */
function LinkedText({ text }: { text: string }) {
  return (
    <>
      {text.split(/(https?:\/\/[^\s]+)/).map((part, index) =>
        index % 2 === 1 ? (
          <a key={index} href={part}>
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}
