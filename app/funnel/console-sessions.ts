// How long a sign-in to the console lasts: until it has been left alone for half an hour
// (a console left open on a shared desk), and never more than twelve hours however busy
// (a cookie copied once does not last forever). Pure: the times are passed in.

export const consoleSessionLimits = {
  /** Ended when not used for this long. */
  idleMs: 30 * 60_000,
  /** Ended this long after signing in, whatever happened since. */
  absoluteMs: 12 * 60 * 60_000,
  /** Its last use is written again only when older than this: one write a minute, not one a request. */
  touchAfterMs: 60_000,
} as const;

export interface ConsoleSessionTimes {
  createdAt: Date;
  lastSeenAt: Date;
}

/** Whether the sign-in has ended at `now`, idle for too long or simply too old. */
export function consoleSessionEnded(session: ConsoleSessionTimes, now: Date): boolean {
  const at = now.getTime();
  return (
    at - session.lastSeenAt.getTime() >= consoleSessionLimits.idleMs || at - session.createdAt.getTime() >= consoleSessionLimits.absoluteMs
  );
}

/** Whether its use at `now` is worth writing down (its last one was a while ago). */
export function consoleSessionNeedsTouch(session: ConsoleSessionTimes, now: Date): boolean {
  return now.getTime() - session.lastSeenAt.getTime() >= consoleSessionLimits.touchAfterMs;
}

/** The instants before which a sign-in has ended: last seen before `idleBefore`, or begun before `begunBefore`. */
export function consoleSessionCutoffs(now: Date): { idleBefore: Date; begunBefore: Date } {
  return {
    idleBefore: new Date(now.getTime() - consoleSessionLimits.idleMs),
    begunBefore: new Date(now.getTime() - consoleSessionLimits.absoluteMs),
  };
}
