// Matchers that say what a route's answer means (STYLE "Tests"): a test reads "redirects to
// the pre-checkout page" or "sends the Token Error toast" instead of a bare status number,
// and a failure shows the status, the Location and the body that came back. Registered for
// every test file through vitest's setupFiles.
import { expect } from "vitest";
import type { ToastCode } from "../../app/funnel/toasts";
import { locationOf, testOrigin, type RouteAnswer } from "./route-harness";

/** What a redirect must lead to: its path and query, a pattern for them, or a test of the whole URL. */
export type RedirectTarget = string | RegExp | ((location: URL) => boolean);

interface RouteAnswerMatchers<R = unknown> {
  /** The answer has this HTTP status. */
  toHaveStatus(status: number): R;
  /**
   * The answer is a redirect a browser follows with a GET (302 or 303) to this place: the
   * Location's path and query (the whole address when it leads to another site), a pattern
   * they match, or a test of the Location as a URL.
   */
  toRedirectTo(target: RedirectTarget): R;
}

interface AsyncRouteAnswerMatchers<R = unknown> {
  /** The answer sets the flash cookie that shows this toast on the next page. Await it. */
  toSendToast(code: ToastCode): Promise<R>;
}

declare module "vitest" {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a merged declaration must repeat Vitest's own type parameter, any included
  interface Assertion<T = any> extends RouteAnswerMatchers<T>, AsyncRouteAnswerMatchers<T> {}
  // A cookie is read asynchronously, so toSendToast cannot be an asymmetric matcher.
  interface AsymmetricMatchersContaining extends RouteAnswerMatchers {}
}

const followedWithGet = [302, 303];

function isRouteAnswer(value: unknown): value is RouteAnswer {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as RouteAnswer).status === "number" &&
    (value as RouteAnswer).headers instanceof Headers
  );
}

/** Thrown, not failed: with `.not`, a failure would let anything through. */
function notAnAnswer(received: unknown): never {
  throw new TypeError(`expected a route answer (from TestBrowser.call), got ${JSON.stringify(received)}`);
}

/** The answer in a line: its status, where it leads, and the start of its body. */
function describeAnswer(answer: RouteAnswer): string {
  const parts = [`status ${answer.status}`];
  if (answer.location) parts.push(`Location ${answer.location}`);
  if (answer.data !== undefined && answer.data !== "") {
    const body = JSON.stringify(answer.data) ?? String(answer.data);
    parts.push(`body ${body.length > 300 ? `${body.slice(0, 300)}…` : body}`);
  }
  return parts.join(", ");
}

/** How the answer's Location is compared: path and query on this site, the whole URL elsewhere. */
function placeOf(location: URL): string {
  return location.origin === testOrigin ? `${location.pathname}${location.search}${location.hash}` : location.href;
}

function describeTarget(target: RedirectTarget): string {
  if (typeof target === "function") return target.name ? `a place that passes ${target.name}` : "a place that passes the test given";
  return String(target);
}

expect.extend({
  toHaveStatus(received: unknown, status: number) {
    if (!isRouteAnswer(received)) return notAnAnswer(received);
    return {
      pass: received.status === status,
      message: () => `expected ${this.isNot ? "a status other than" : "status"} ${status}, got ${describeAnswer(received)}`,
      actual: received.status,
      expected: status,
    };
  },

  toRedirectTo(received: unknown, target: RedirectTarget) {
    if (!isRouteAnswer(received)) return notAnAnswer(received);
    const redirects = followedWithGet.includes(received.status) && received.location !== null;
    const place = redirects ? placeOf(locationOf(received)) : null;
    let leadsThere = false;
    if (place !== null) {
      if (typeof target === "string") leadsThere = place === target;
      else if (target instanceof RegExp) leadsThere = target.test(place);
      else leadsThere = target(locationOf(received));
    }
    return {
      pass: leadsThere,
      message: () =>
        `expected ${this.isNot ? "no" : "a"} 302 or 303 redirect to ${describeTarget(target)}, got ${describeAnswer(received)}`,
      actual: place ?? describeAnswer(received),
      expected: typeof target === "function" ? describeTarget(target) : target,
    };
  },

  async toSendToast(received: unknown, code: ToastCode) {
    if (!isRouteAnswer(received)) return notAnAnswer(received);
    // Read back as the next page reads it: every cookie the answer sets, sent to takeToast.
    // Loaded here, not at the top: unit tests that never call this need no app server code.
    const { takeToast } = await import("../../app/server/visitor/toast.server");
    const { toastCodes, toasts } = await import("../../app/funnel/toasts");
    const cookies = received.headers.getSetCookie().map((setCookie) => setCookie.split(";")[0]);
    const { toast } = await takeToast(new Request(testOrigin, { headers: { Cookie: cookies.join("; ") } }));
    const sent = toastCodes.find((candidate) => toasts[candidate] === toast);
    return {
      pass: sent === code,
      message: () =>
        `expected ${this.isNot ? "no" : "the"} toast ${JSON.stringify(code)}, got ${sent ? `the toast ${JSON.stringify(sent)}` : "no toast"} ` +
        `(Set-Cookie: ${JSON.stringify(received.headers.getSetCookie())})`,
      actual: sent ?? null,
      expected: code,
    };
  },
});
