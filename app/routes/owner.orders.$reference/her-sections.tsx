// What the order page shows of her, for the roles that may see it: her details as she gave
// them at the checkout, and the emails she was sent (each view is in the audit log).
import { Facts } from "../../components/facts";
import { Time } from "../../components/console-parts";
import { deletedAtHerRequest } from "../../funnel/her-erasure";
import { linksMarkedNote } from "../../funnel/kept-emails";
import type { HerDetails, HerEmailLine } from "../../server/console/order-view.server";

const orNone = (text: string) => (text === "" ? "None given" : text);

export function HerDetailsSection({ her }: { her: HerDetails }) {
  return (
    <section aria-labelledby="her-title">
      <h2 id="her-title">Her details</h2>
      <Facts
        className="owner-facts owner-her-details"
        facts={[
          { term: "Name", value: orNone(her.name) },
          { term: "Email", value: orNone(her.email) },
          { term: "Phone", value: orNone(her.phone) },
          {
            term: "Shipping address",
            value:
              her.address.length === 0
                ? "None given"
                : her.address.map((line, index) => (
                    <span key={index} className="owner-address-line">
                      {line}
                    </span>
                  )),
          },
        ]}
      />
      <p className="owner-footnote">Opening this page is recorded in the audit log, as it shows her details.</p>
    </section>
  );
}

export function HerEmailsSection({
  emails,
}: {
  emails: { kept: boolean; erased: boolean; linksWhole: boolean; total: number; list: HerEmailLine[] };
}) {
  return (
    <section aria-labelledby="her-emails-title">
      <h2 id="her-emails-title">Her emails</h2>
      {emails.erased ? (
        <p className="owner-empty">{deletedAtHerRequest}: none are kept.</p>
      ) : !emails.kept ? (
        <p className="owner-count">Emails are sent to the mail server set by SMTP_URL; none are kept here.</p>
      ) : emails.list.length === 0 ? (
        <p className="owner-empty">No emails sent to her yet.</p>
      ) : (
        <>
          <p className="owner-count">
            {emails.total} {emails.total === 1 ? "email" : "emails"}, newest first
            {emails.total > emails.list.length ? `; the latest ${emails.list.length} are shown` : ""}. Times are UTC.
          </p>
          {emails.linksWhole ? null : <p className="owner-footnote">{linksMarkedNote}</p>}
          <ol className="owner-emails">
            {emails.list.map((email) => (
              <li key={email.id}>
                <details>
                  <summary>
                    {email.subject}{" "}
                    <span className="owner-footnote">
                      <Time iso={email.sentAt} />
                    </span>
                  </summary>
                  <pre className="owner-email-text">{email.text}</pre>
                </details>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
