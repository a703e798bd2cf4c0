import type { ReactNode } from "react";
import { Rich, useT } from "./i18n";

const strong = (chunks: ReactNode) => <strong>{chunks}</strong>;

/** What happened, in plain words, after she acted on her private page, and the way back to it. */
export function HerResult({ title, text, back, children }: { title: string; text: string; back: string; children?: React.ReactNode }) {
  const t = useT();
  return (
    <div className="step her-subscription">
      <section className="panel narrow" role="status" aria-labelledby="page-title">
        <h1 id="page-title">{title}</h1>
        <p className="lead">{text}</p>
        {children}
        <p>
          <a className="button button-primary" href={back}>
            {t("herPage.back")}
          </a>
        </p>
      </section>
    </div>
  );
}

/** Her order's reference, as every page of her link shows it under its heading. */
export function HerReference({ reference }: { reference: string }) {
  return (
    <p className="order-reference">
      <Rich id="herPage.reference" values={{ reference, strong }} />
    </p>
  );
}

/** A press her page refused (too many, or a payment moving), said above the page. */
export function HerRefusal({ refusal }: { refusal: { message: string } | undefined }) {
  if (!refusal) return null;
  return (
    <div className="error-summary" role="alert" tabIndex={-1}>
      <p>{refusal.message}</p>
    </div>
  );
}

/** A form's buttons on her pages: the one that does it, then each way to leave things as they are. */
export function HerFormButtons({
  submit,
  danger = false,
  leave,
}: {
  submit: string;
  danger?: boolean;
  leave: { href: string; label: string }[];
}) {
  return (
    <div className="button-row">
      <button type="submit" className={danger ? "button button-danger" : "button button-primary"}>
        {submit}
      </button>
      {leave.map((link) => (
        <a className="button" href={link.href} key={link.href}>
          {link.label}
        </a>
      ))}
    </div>
  );
}

/** One of her private pages: its panel, its heading and the order it is about, then the page. */
export function HerPanel({ title, reference, children }: { title: string; reference: string; children: React.ReactNode }) {
  return (
    <div className="step her-subscription">
      <section className="panel narrow" aria-labelledby="page-title">
        <h1 id="page-title">{title}</h1>
        <HerReference reference={reference} />
        {children}
      </section>
    </div>
  );
}
