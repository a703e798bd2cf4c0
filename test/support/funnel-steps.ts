// The funnel's first steps as a visitor takes them, through the route functions and a
// TestBrowser: a flow from /welcome, a plan on the selection page, her details on the
// pre-checkout page. Small steps that compose; readyToPay takes them all.
import * as checkout from "../../app/routes/checkout.($responderUuid)/route";
import * as finalCheckout from "../../app/routes/final-checkout.($responderUuid)/route";
import * as preCheckout from "../../app/routes/pre-checkout.($responderUuid)/route";
import * as welcome from "../../app/routes/welcome";
import type { PlanCode } from "../../app/funnel/plans";
import { paymentFormToken } from "../../app/routes/final-checkout.($responderUuid)/payment-form-token.server";
import { getVisitorSession } from "../../app/server/visitor/session.server";
import { aPerson, checkoutForm } from "./factories";
import { locationOf, type RouteAnswer, type TestBrowser } from "./route-harness";

export interface PlanChoice {
  /** A plan to click first; without it she keeps the default plan. */
  plan?: PlanCode;
  /** Options to toggle, in order, before ADD TO PLAN; without them she keeps the defaults. */
  options?: string[];
}

/** Opens /welcome and answers it: a flow of this browser's own. Returns its uuid. */
export async function startFlow(browser: TestBrowser, query = ""): Promise<string> {
  const answer = await browser.call(welcome.action, `/welcome${query}`, { form: { reason: "nothing_else_has_helped" } });
  return locationOf(answer).pathname.split("/").pop()!;
}

/** On the selection page: the plan, then each option, then ADD TO PLAN. Returns ADD TO PLAN's answer. */
export async function buildPlan(browser: TestBrowser, responderUuid: string, choice: PlanChoice = {}): Promise<RouteAnswer> {
  const click = (form: Record<string, string>) =>
    browser.call(checkout.action, `/checkout/${responderUuid}`, { params: { responderUuid }, form });
  if (choice.plan) await click({ intent: "plan", plan: choice.plan });
  for (const optionId of choice.options ?? []) await click({ intent: "toggle", optionId });
  return click({ intent: "add-to-plan" });
}

/** On the pre-checkout page: her details, saved. */
export function saveDetails(
  browser: TestBrowser,
  responderUuid: string,
  details: Record<string, string> = aPerson(),
): Promise<RouteAnswer> {
  return browser.call(preCheckout.action, `/pre-checkout/${responderUuid}`, { params: { responderUuid }, form: details });
}

/** Welcome, her plan, ADD TO PLAN: on the pre-checkout page. Returns the uuid. */
export async function flowWithPlan(browser: TestBrowser, steps: PlanChoice & { query?: string } = {}): Promise<string> {
  const responderUuid = await startFlow(browser, steps.query);
  await buildPlan(browser, responderUuid, steps);
  return responderUuid;
}

/** Welcome, her plan, ADD TO PLAN, her details: on the final checkout page, ready to pay. Returns the uuid. */
export async function readyToPay(browser: TestBrowser, steps: PlanChoice & { query?: string } = {}): Promise<string> {
  const responderUuid = await flowWithPlan(browser, steps);
  await saveDetails(browser, responderUuid);
  return responderUuid;
}

/**
 * The final checkout's form as her page posts it: with the page's CSRF token for this
 * browser's session and the flow (a `csrf` in `form` replaces it).
 */
export async function paymentForm(
  browser: TestBrowser,
  responderUuid: string,
  form: Record<string, string>,
): Promise<Record<string, string>> {
  const session = await getVisitorSession(new Request("http://localhost/", { headers: { Cookie: browser.cookieHeader() } }));
  return { csrf: paymentFormToken(session.id, responderUuid), ...form };
}

/**
 * The whole funnel to a paid order: her plan, her details, COMPLETE PURCHASE with `card` on
 * the sandbox. Returns the uuid and the final checkout's answer (a redirect once authorised).
 */
export async function payForPlan(
  browser: TestBrowser,
  steps: PlanChoice & { query?: string; card?: Partial<Record<"cardNumber" | "expiry" | "securityCode", string>> } = {},
): Promise<{ responderUuid: string; answer: RouteAnswer }> {
  const responderUuid = await readyToPay(browser, steps);
  const answer = await browser.call(finalCheckout.action, `/final-checkout/${responderUuid}`, {
    params: { responderUuid },
    form: await paymentForm(browser, responderUuid, checkoutForm(steps.card ?? {})),
  });
  return { responderUuid, answer };
}
