// How the owner's console writes times and money: UTC, to the minute, the same on every
// screen and in every browser (the pages are drawn on the server, which knows no time zone
// of hers), and dollars with cents.
export { formatCents } from "../funnel/cart";

function parts(iso: string) {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return {
    day: `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`,
    time: `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`,
  };
}

/** "2025-06-02 14:03 UTC". */
export function formatTime(iso: string): string {
  const { day, time } = parts(iso);
  return `${day} ${time} UTC`;
}

/** "2025-06-02". */
export function formatDay(iso: string): string {
  return parts(iso).day;
}
