// Her consent to automatic renewal as we keep it (a legal record): when and how she agreed,
// the plan and its amounts, and the disclosure and terms word for word as she saw them; and
// beside it each notice of a renewal or of her terms we sent her, which the law asks us to prove.
import { Facts } from "../../components/facts";
import { formatCents } from "../../components/console-format";
import { Time } from "../../components/console-parts";
import { isNotice, type ConsentLine } from "../../funnel/consent";

export function ConsentSection({ consents }: { consents: ConsentLine[] }) {
  const agreements = consents.filter((consent) => !isNotice(consent.kind));
  const notices = consents.filter((consent) => isNotice(consent.kind));
  return (
    <section aria-labelledby="consent-title">
      <h2 id="consent-title">Her consent to automatic renewal</h2>
      {agreements.length === 0 ? (
        <p className="owner-empty">No consent is kept for this order.</p>
      ) : (
        agreements.map((consent, index) => (
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
      {notices.length > 0 ? (
        <>
          <h3>Notices of her renewals and terms, sent</h3>
          {notices.map((notice, index) => (
            <div className="owner-box owner-consent" key={index}>
              <Facts
                className="owner-facts"
                facts={[
                  { term: "When", value: <Time iso={notice.at} /> },
                  { term: "What", value: notice.occasion },
                  { term: "How", value: notice.agreedWith },
                  { term: "Plan", value: `${notice.plan} (billed ${notice.cadence})` },
                ]}
              />
              <blockquote className="owner-consent-text">
                {notice.disclosure.map((line, lineIndex) => (
                  <p key={lineIndex}>{line}</p>
                ))}
              </blockquote>
            </div>
          ))}
        </>
      ) : null}
      <p className="owner-footnote">Kept as the law asks, also after she asks us to delete her data: it holds no contact details.</p>
    </section>
  );
}
