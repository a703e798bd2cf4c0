import { contact } from "../funnel/marketing";

/** The shared footer (spec section 2). */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <ul className="footer-notes">
        <li>Free, fast shipping on every order</li>
        <li>Millions of satisfied customers</li>
        <li>Cancel anytime</li>
      </ul>
      <p>
        Need help? Call <a href={contact.phoneHref}>{contact.phoneDisplay}</a> or email{" "}
        <a href={`mailto:${contact.email}`}>{contact.email}</a>
      </p>
      <img
        className="pharmacy-seal"
        src="/badges/pharmacy-verified.svg"
        alt="Verified online pharmacy seal"
        width="140"
        height="48"
      />
      <nav className="footer-legal" aria-label="Legal">
        <a href="/terms">Terms of Service</a>
        <span aria-hidden="true"> · </span>
        <a href="/privacy">Privacy Policy</a>
      </nav>
      <p className="fine-print">
        Treatment is prescribed only if a licensed provider decides it is right for you.
      </p>
    </footer>
  );
}
