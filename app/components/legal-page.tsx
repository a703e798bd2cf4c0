// The terms and the privacy policies drawn alike: a title, a plain-words lead, then one section a
// subject, each named by its heading so a screen reader lists them as regions.
import type { ReactNode } from "react";
import type { MessageId } from "../i18n/en";
import { useT } from "./i18n";

export function LegalPage({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  return (
    <article className="step legal">
      <h1>{title}</h1>
      <p className="lead">{lead}</p>
      {children}
    </article>
  );
}

export function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** A section's plain list, one message a line. */
export function LegalItems({ ids }: { ids: readonly MessageId[] }) {
  const t = useT();
  return (
    <ul>
      {ids.map((id) => (
        <li key={id}>{t(id)}</li>
      ))}
    </ul>
  );
}
