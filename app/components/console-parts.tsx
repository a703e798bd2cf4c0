// What several of the console's pages draw alike: a time or a day with its machine-readable
// value, an order's link, a hold's expiry with its warning, the pages of a long list, a page's
// top and its boxes, an order's summary, and the medical decision said and asked for.
import type { ReactNode } from "react";
import { formatDay, formatTime } from "./console-format";
import { Facts, type Fact } from "./facts";

/** A time as the console writes it, with its machine-readable value. */
export function Time({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatTime(iso)}</time>;
}

/** A day, with the whole time where a pointer rests on it. */
export function Day({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatTime(iso)}>
      {formatDay(iso)}
    </time>
  );
}

/** An order's reference, leading to its page. */
export function OrderLink({ reference }: { reference: string }) {
  return <a href={`/owner/orders/${reference}`}>{reference}</a>;
}

export const holdWarning = "Expires within 24 hours — no decision yet";

/** When a hold expires, and a warning in words when it is near. */
export function ExpiryWarned({ iso, warning }: { iso: string; warning: string | null }) {
  return (
    <>
      <Time iso={iso} />
      {warning ? <strong className="owner-flag">{warning}</strong> : null}
    </>
  );
}

export function HoldExpiry({ order }: { order: { holdExpiresAt: string; holdExpiresSoon: boolean } }) {
  return <ExpiryWarned iso={order.holdExpiresAt} warning={order.holdExpiresSoon ? holdWarning : null} />;
}

/** The console's pages of a long list: Previous, where she is, Next. */
export function ConsolePager({ address, label, page, pageCount }: { address: string; label: string; page: number; pageCount: number }) {
  // An address may carry its list's filters already: the page number goes after them.
  const pageAt = (n: number) => `${address}${address.includes("?") ? "&" : "?"}page=${n}`;
  return (
    <nav className="owner-pager" aria-label={label}>
      {page > 1 ? (
        <a href={pageAt(page - 1)} rel="prev">
          Previous<span className="visually-hidden"> page</span>
        </a>
      ) : null}
      <p>
        Page {page} of {pageCount}
      </p>
      {page < pageCount ? (
        <a href={pageAt(page + 1)} rel="next">
          Next<span className="visually-hidden"> page</span>
        </a>
      ) : null}
    </nav>
  );
}

type Notice = { tone: "success" | "info"; text: string };

/** What a console page says after a post and its redirect (takeNotice), once. */
export function ConsoleNoticeBox({ notice }: { notice: Notice | null }) {
  if (!notice) return null;
  return (
    <div className={`owner-notice owner-notice-${notice.tone}`} role="status">
      <p>{notice.text}</p>
    </div>
  );
}

/** One action of a console page, in a box of its own under its title. */
export function ConsoleBox({ titleId, title, children }: { titleId: string; title: string; children: ReactNode }) {
  return (
    <section className="owner-box" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {children}
    </section>
  );
}

/** A console page about one thing: the way back to where it was found, its heading, what the last post did, then the page. */
export function ConsoleArticle({
  back,
  title,
  notice,
  children,
}: {
  back: { href: string; label: ReactNode };
  title: ReactNode;
  notice: Notice | null;
  children: ReactNode;
}) {
  return (
    <article className="owner-page" aria-labelledby="page-title">
      <p>
        <a className="owner-back" href={back.href}>
          {back.label}
        </a>
      </p>
      <h1 id="page-title">{title}</h1>
      <ConsoleNoticeBox notice={notice} />
      {children}
    </article>
  );
}

/** An order's facts at the top of its page, named for a screen reader. */
export function ConsoleSummary({ facts }: { facts: (Fact | null)[] }) {
  return (
    <section aria-labelledby="summary-title">
      <h2 id="summary-title" className="visually-hidden">
        Summary
      </h2>
      <Facts className="owner-facts" facts={facts} />
    </section>
  );
}

/** The medical decision so far: who decided, when, and the note kept with it. */
export function DecisionText({ decision }: { decision: { text: string; at: string | null; note: string | null } | null }) {
  if (!decision) return <>None yet</>;
  return (
    <>
      {decision.text}
      {decision.at ? (
        <>
          , <Time iso={decision.at} />
        </>
      ) : null}
      {decision.note ? <>: “{decision.note}”</> : null}
    </>
  );
}

/** The medical decision's two buttons, inside the form that carries them. */
export function DecisionButtons() {
  return (
    <>
      <button type="submit" name="intent" value="approve" className="owner-button owner-button-primary">
        Approve
      </button>
      <button type="submit" name="intent" value="decline" className="owner-button owner-button-danger">
        Decline
      </button>
    </>
  );
}
