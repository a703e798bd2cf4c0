// When a sign-in to the console has ended: idle for half an hour, or twelve hours old; and
// when its use is worth writing down.
import { describe, expect, it } from "vitest";
import {
  consoleSessionCutoffs,
  consoleSessionEnded,
  consoleSessionLimits,
  consoleSessionNeedsTouch,
} from "../../app/funnel/console-sessions";
import { tooManySignInsMessage } from "../../app/routes/owner._index/sign-in.server";

const minute = 60_000;
const signedIn = new Date("2030-01-01T08:00:00Z");
const at = (ms: number) => new Date(signedIn.getTime() + ms);

describe("a console sign-in", () => {
  it("lasts 30 minutes from its last use and 12 hours from its start", () => {
    expect(consoleSessionLimits).toMatchObject({ idleMs: 30 * minute, absoluteMs: 12 * 60 * minute });
  });

  it.each([
    ["just signed in", 0, 0, false],
    ["idle 29:59", 0, 30 * minute - 1_000, false],
    ["idle 30:00", 0, 30 * minute, true],
    ["used a minute ago, 11:59 old", 11 * 60 * minute + 58 * minute, 11 * 60 * minute + 59 * minute, false],
    ["used a minute ago, 12:00 old", 11 * 60 * minute + 59 * minute, 12 * 60 * minute, true],
  ])("%s: ended %s", (_, lastSeenMs, nowMs, ended) => {
    expect(consoleSessionEnded({ createdAt: signedIn, lastSeenAt: at(lastSeenMs) }, at(nowMs))).toBe(ended);
  });

  it("agrees with the cut-offs its store deletes by", () => {
    const now = at(5 * 60 * minute);
    const { idleBefore, begunBefore } = consoleSessionCutoffs(now);
    expect(consoleSessionEnded({ createdAt: signedIn, lastSeenAt: idleBefore }, now)).toBe(true);
    expect(consoleSessionEnded({ createdAt: begunBefore, lastSeenAt: now }, now)).toBe(true);
    expect(
      consoleSessionEnded({ createdAt: new Date(begunBefore.getTime() + 1), lastSeenAt: new Date(idleBefore.getTime() + 1) }, now),
    ).toBe(false);
  });

  it("writes its use down once a minute, not once a request", () => {
    const session = { createdAt: signedIn, lastSeenAt: signedIn };
    expect(consoleSessionNeedsTouch(session, at(59_999))).toBe(false);
    expect(consoleSessionNeedsTouch(session, at(minute))).toBe(true);
  });

  it("says over a sign-in limit how long to wait", () => {
    expect(tooManySignInsMessage(3_000)).toBe("Too many sign-in attempts. Please wait 50 minutes and try again.");
  });
});
