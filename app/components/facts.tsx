import type { ReactNode } from "react";

export interface Fact {
  term: ReactNode;
  value: ReactNode;
  className?: string;
}

/** Terms and their values, each pair in a div of its own so it stays together when the list wraps; a null is a fact this page leaves out. */
export function Facts({ className, facts, labelledBy }: { className: string; facts: (Fact | null)[]; labelledBy?: string }) {
  return (
    <dl className={className} aria-labelledby={labelledBy}>
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
