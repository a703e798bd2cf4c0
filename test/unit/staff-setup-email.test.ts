// The setup email's words: who sent it, the role, the link, once for 72 hours; a name or link
// that looks like markup stays text in the HTML; without the link (the embedded mail store)
// it says whom to ask.
import { describe, expect, it } from "vitest";
import { renderSetupEmail } from "../../app/funnel/staff-setup";

const link = "https://console.example/owner/setup/abc?x=1&y=2";

describe("the setup email", () => {
  it("says who added them, their role, the link and how long it works", () => {
    const email = renderSetupEmail({ name: "Dana Reyes", role: "clinician", sent_by: "Olga Owner", reason: "added" }, link);
    expect(email.text).toBe(
      [
        "Hi Dana Reyes,",
        "Olga Owner added you to the Menopause Care console as Clinician.",
        `Set up your sign-in (a password and an authenticator app on your phone): ${link}`,
        "The link works once, for 72 hours.",
      ].join("\n\n") + "\n",
    );
    expect(email.html).toContain('href="https://console.example/owner/setup/abc?x=1&amp;y=2"');
  });

  it("keeps markup in a name as text", () => {
    const email = renderSetupEmail({ name: "<b>Dana</b>", role: "support", sent_by: "O'Neil & Co", reason: "new-link" }, link);
    expect(email.html).not.toContain("<b>");
    expect(email.html).toContain("&lt;b&gt;Dana&lt;/b&gt;");
    expect(email.html).toContain("O&#39;Neil &amp; Co sent you a new link");
  });

  it("without the link, says whom to ask; from the command line, names no one", () => {
    const byOwner = renderSetupEmail({ name: "Dana", role: "support", sent_by: "Olga Owner", reason: "added" }, null);
    expect(byOwner.text).toContain("The setup link was shown to Olga Owner: ask them for it.");
    expect(byOwner.text).not.toContain("http");
    const byServer = renderSetupEmail({ name: "Dana", role: "owner", sent_by: null, reason: "new-link" }, link);
    expect(byServer.text).toContain("Here is a new link to set up your sign-in to the Menopause Care console, as Owner.");
  });
});
