/** What happened, in plain words, after she acted on her private page, and the way back to it. */
export function HerResult({ title, text, back, children }: { title: string; text: string; back: string; children?: React.ReactNode }) {
  return (
    <div className="step her-subscription">
      <section className="panel narrow" role="status" aria-labelledby="page-title">
        <h1 id="page-title">{title}</h1>
        <p className="lead">{text}</p>
        {children}
        <p>
          <a className="button button-primary" href={back}>
            Back to your subscription
          </a>
        </p>
      </section>
    </div>
  );
}

/** One of her private pages: its panel, its heading and the order it is about, then the page. */
export function HerPanel({ title, reference, children }: { title: string; reference: string; children: React.ReactNode }) {
  return (
    <div className="step her-subscription">
      <section className="panel narrow" aria-labelledby="page-title">
        <h1 id="page-title">{title}</h1>
        <p className="order-reference">
          Order reference <strong>{reference}</strong>
        </p>
        {children}
      </section>
    </div>
  );
}
