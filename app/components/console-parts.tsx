// What several of the console's pages draw alike: a time with its machine-readable value, a
// hold's expiry with its warning, and the pages of a long list.
import { formatTime } from "./console-format";

/** A time as the console writes it, with its machine-readable value. */
export function Time({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatTime(iso)}</time>;
}

export const holdWarning = "Expires within 24 hours — no decision yet";

export function HoldExpiry({ order }: { order: { holdExpiresAt: string; holdExpiresSoon: boolean } }) {
  return (
    <>
      <Time iso={order.holdExpiresAt} />
      {order.holdExpiresSoon ? <strong className="owner-flag">{holdWarning}</strong> : null}
    </>
  );
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

/** What a console page says after a post and its redirect (takeNotice), once. */
export function ConsoleNoticeBox({ notice }: { notice: { tone: "success" | "info"; text: string } | null }) {
  if (!notice) return null;
  return (
    <div className={`owner-notice owner-notice-${notice.tone}`} role="status">
      <p>{notice.text}</p>
    </div>
  );
}
