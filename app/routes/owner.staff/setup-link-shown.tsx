// A setup link, shown to the owner who made it this once: the page answering the post carries
// it, and nothing keeps it (only its hash is stored).
import { setupLinkHours } from "../../funnel/staff-setup";

export function SetupLinkShown({ link }: { link: { name: string; url: string; emailed: boolean } }) {
  return (
    <div className="owner-notice owner-notice-success owner-setup-link" role="status">
      <p>
        Setup link for {link.name}: <code className="owner-secret">{link.url}</code>
      </p>
      <p>
        It works once, for {setupLinkHours} hours.{" "}
        {link.emailed
          ? "It has been emailed to them too."
          : "No mail server is set (SMTP_URL), so it was not emailed with the link: give it to them yourself. It is not shown again."}
      </p>
    </div>
  );
}
