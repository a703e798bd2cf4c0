import type { ReactNode } from "react";

export interface Fact {
  term: ReactNode;
  value: ReactNode;
  className?: string;
}

/** Terms and their values, each pair in a div of its own so it stays together when the list wraps; a null is a fact this page leaves out. */
export function Facts({ className, facts }: { className: string; facts: (Fact | null)[] }) {
  return (
    <dl className={className}>
      {facts.map((fact, index) =>
        fact ? (
          <div className={fact.className} key={index}>
            <dt>{fact.term}</dt>
            <dd>{fact.value}</dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}
