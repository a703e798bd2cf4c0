import { contact } from "../../funnel/marketing";

/** The support line beside the checkout. */
export function NeedHelp() {
  return (
    <section className="need-help" aria-labelledby="need-help-title">
      <h2 id="need-help-title">Need Help?</h2>
      <p>
        Call us at <a href={contact.phoneHref}>{contact.phoneDisplay}</a>
      </p>
    </section>
  );
}
