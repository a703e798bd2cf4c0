// Her consent to automatic renewal as we keep it (a legal record): when and how she agreed,
// the plan and its amounts, and the disclosure and terms word for word as she saw them.
import { Facts } from "../../components/facts";
import { formatCents } from "../../components/console-format";
import { Time } from "../../components/console-parts";
import type { ConsentLine } from "../../funnel/consent";

export function ConsentSection({ consents }: { consents: ConsentLine[] }) {
  return (
    <section aria-labelledby="consent-title">
      <h2 id="consent-title">Her consent to automatic renewal</h2>
      {consents.length === 0 ? (
        <p className="owner-empty">No consent is kept for this order.</p>
      ) : (
        consents.map((consent, index) => (
          <div className="owner-box owner-consent" key={index}>
            <Facts
              className="owner-facts"
              facts={[
                { term: "When", value: <Time iso={consent.at} /> },
                { term: "Where", value: consent.occasion },
                { term: "How", value: consent.agreedWith },
                { term: "Plan agreed to", value: `${consent.plan} (billed ${consent.cadence})` },
                { term: "First period agreed to", value: formatCents(consent.firstPeriodCents) },
                { term: "Each renewal agreed to", value: formatCents(consent.renewalCents) },
              ]}
            />
            <h3>The disclosure beside the button</h3>
            <blockquote className="owner-consent-text">
              {consent.disclosure.map((line, lineIndex) => (
                <p key={lineIndex}>{line}</p>
              ))}
            </blockquote>
            <h3>The terms she agreed to</h3>
            <ul className="owner-consent-text">
              {consent.terms.map((line, lineIndex) => (
                <li key={lineIndex}>{line}</li>
              ))}
            </ul>
          </div>
        ))
      )}
      <p className="owner-footnote">Kept as the law asks, also after she asks us to delete her data: it holds no contact details.</p>
    </section>
  );
}
