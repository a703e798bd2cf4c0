// How to reach us, in a box of its own under its heading: after her order, and on her page.
import type { ReactNode } from "react";

export function SupportBox({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="support" aria-labelledby="support-title">
      <h2 id="support-title">{title}</h2>
      <p>{children}</p>
    </section>
  );
}
