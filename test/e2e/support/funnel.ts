// Steps and readings shared by the end-to-end files: what a visitor does, and what she can
// see afterwards (addresses, headings, messages). The funnel record itself is not reachable
// from here, by design.
import type { Locator, Page, Response } from "@playwright/test";
import { expect } from "./fixtures";
import type { Person } from "../../support/factories";
import { intakeOrigin } from "./servers";

export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const welcomeQuestion = "What best describes why you are exploring HRT?";
export const concernsQuestion = "What worries you most about HRT?";
export const chooseOneMessage = "Select one option to continue";
export const emailLabel = "Your email address";
export const emailRequiredMessage = "Enter your email address";

/** The uuid in a /concerns/{uuid}, /social-proof/{uuid} or /intake/{uuid} address. */
export function uuidInPath(url: string): string {
  const last = new URL(url).pathname.split("/").filter(Boolean).at(-1) ?? "";
  expect(last, `a responder uuid at the end of ${url}`).toMatch(uuidPattern);
  return last;
}

export function queryOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url).searchParams);
}

/**
 * Clicks a submit button and returns the answer to the form's POST (the 303 or the 400),
 * whose status a visitor cannot see but the test can.
 */
export async function submit(page: Page, buttonName: string): Promise<Response> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && r.request().isNavigationRequest()),
    page.getByRole("button", { name: buttonName }).click(),
  ]);
  await page.waitForLoadState("domcontentloaded");
  return response;
}

/** A new visitor answers the welcome question; returns the flow uuid from the next address. */
export async function answerWelcome(page: Page, query = "", answer = "Nothing else has helped"): Promise<string> {
  await page.goto(`/welcome${query}`);
  await page.getByRole("group", { name: welcomeQuestion }).getByLabel(answer).check();
  await page.getByRole("button", { name: "Tell me more" }).click();
  await expect(page).toHaveURL(/\/concerns\/[^/?]+/);
  return uuidInPath(page.url());
}

export async function answerConcerns(page: Page, answer = "I'm worried about the cost"): Promise<void> {
  await page.getByRole("group", { name: concernsQuestion }).getByLabel(answer).check();
  await page.getByRole("button", { name: "Show me how this could work" }).click();
  await expect(page).toHaveURL(/\/social-proof\/[^/?]+/);
}

/** The stand-in intake page: checks it is showing and reads the query it echoes. */
export async function readIntake(page: Page): Promise<{ path: string; query: Record<string, string> }> {
  await expect(page).toHaveURL((url) => url.origin === intakeOrigin);
  await expect(page.getByRole("heading", { level: 1, name: "Intake" })).toBeVisible();
  const names = await page.getByRole("term").allTextContents();
  const values = await page.getByRole("definition").allTextContents();
  expect(values).toHaveLength(names.length);
  const query = Object.fromEntries(names.map((name, i) => [name, values[i] ?? ""]));
  // What the page echoes is what the address says.
  expect(query).toEqual(queryOf(page.url()));
  return { path: new URL(page.url()).pathname, query };
}

/** The served page has no <script> element (docs/architecture.md: only the card element hydrates). */
export async function expectNoScripts(page: Page): Promise<void> {
  const html = await page.content();
  expect(html.match(/<script\b/gi) ?? [], `<script> elements in ${page.url()}`).toHaveLength(0);
  await expect(page.locator("script")).toHaveCount(0);
}

/** The GOV.UK error summary with one link per message; returns where each link points. */
export async function expectErrorSummary(page: Page, messages: string[], heading = "There is a problem"): Promise<string[]> {
  const summary = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: heading }) });
  await expect(summary).toBeVisible();
  const links = summary.getByRole("link");
  await expect(links).toHaveText(messages);
  const targets: string[] = [];
  for (const link of await links.all()) {
    const href = (await link.getAttribute("href")) ?? "";
    expect(href, "an error summary link is a fragment link").toMatch(/^#[A-Za-z][\w-]*$/);
    // The field it points to exists, once.
    await expect(page.locator(href)).toHaveCount(1);
    targets.push(href);
  }
  await expect(page).toHaveTitle(/^Error: /);
  return targets;
}

// The selection page (spec section 2 "Selection page", section 4 "Selection rules"): every
// option and plan is a toggle button in a form; a click answers 303 back to the same place
// on the page, the anchor of the category (or of the plan toggle) in the address.

export const selectionHeading = "Build your treatment plan";
export const planToggleName = "Billing plan";

/** Each category's heading and the anchor the page comes back to after a click in it. */
export const categoryAnchors = {
  Estrogen: "category-systemic_estrogen",
  Progesterone: "category-progesterone",
  "Vaginal Estrogen": "category-vaginal_estrogen",
  "Non-Hormonal": "category-non_hormonal",
  "Weight Loss": "category-weight_loss",
} as const;
export type CategoryName = keyof typeof categoryAnchors;

/** The categories the current variant shows (Weight Loss is the classic variant's). */
export const currentCategoryNames: CategoryName[] = ["Estrogen", "Progesterone", "Vaginal Estrogen", "Non-Hormonal"];

export function planToggle(page: Page): Locator {
  return page.getByRole("group", { name: planToggleName });
}

export function planButton(page: Page, label: string): Locator {
  return planToggle(page).getByRole("button", { name: label, exact: true });
}

export function categoryRegion(page: Page, name: CategoryName): Locator {
  return page.getByRole("region", { name, exact: true });
}

/** An option's toggle button; its name starts with the option name and goes on with the price. */
export function optionButton(page: Page, category: CategoryName, option: string): Locator {
  return categoryRegion(page, category).getByRole("button", { name: option });
}

/**
 * Clicks a button of the selection page and waits for the page the 303 comes back to:
 * the same address with `#anchor`, scrolled so that the anchor is in view.
 */
export async function clickAndComeBack(page: Page, button: Locator, anchor: string): Promise<Response> {
  const [post] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && r.request().isNavigationRequest()),
    // The next page's own event: the old page has had its event already.
    page.waitForEvent("domcontentloaded"),
    button.click(),
  ]);
  // eslint-disable-next-line @typescript-eslint/restrict-template-expressions -- a Locator prints its selector, which names the button
  expect(post.status(), `answer to the click on ${button}`).toBe(303);
  await expect(page).toHaveURL((url) => url.pathname.startsWith("/checkout/") && url.hash === `#${anchor}`);
  await expect(page.locator(`#${anchor}`)).toBeInViewport();
  return post;
}

export async function choosePlan(page: Page, label: string): Promise<Response> {
  return clickAndComeBack(page, planButton(page, label), "plans");
}

export async function clickOption(page: Page, category: CategoryName, option: string): Promise<Response> {
  return clickAndComeBack(page, optionButton(page, category, option), categoryAnchors[category]);
}

/** ADD TO PLAN: returns the answer to its POST; the page is then wherever it leads. */
export async function addToPlan(page: Page): Promise<Response> {
  const [post] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && r.request().isNavigationRequest()),
    page.waitForEvent("domcontentloaded"),
    page.getByRole("button", { name: "ADD TO PLAN" }).click(),
  ]);
  return post;
}

// The checkout steps after the selection page (spec section 2, "Pre-checkout" and "Final
// checkout"), shared by the sandbox and Stripe end-to-end files.

/** Her account details as she types them (the factories' Person). */
export type Visitor = Person;

/** First name, last name and phone on the pre-checkout or final-checkout form. */
export async function fillDetails(page: Page, visitor: Visitor): Promise<void> {
  await page.getByRole("textbox", { name: "First Name" }).fill(visitor.firstName);
  await page.getByRole("textbox", { name: "Last Name" }).fill(visitor.lastName);
  await page.getByRole("textbox", { name: "Phone" }).fill(visitor.phone);
}

const newYorkAddress = { line1: "1 Main Street", zipCode: "10001", state: "NY", city: "New York" };

/** Her shipping address, typed in this order: line 1, ZIP code, state, city. */
export async function fillShipping(page: Page, address: typeof newYorkAddress = newYorkAddress): Promise<void> {
  await page.getByRole("textbox", { name: /^Address Line 1/ }).fill(address.line1);
  await page.getByRole("textbox", { name: "Zip Code" }).fill(address.zipCode);
  await page.getByRole("combobox", { name: "State" }).selectOption(address.state);
  await page.getByRole("textbox", { name: "City" }).fill(address.city);
}

/** The sandbox gateway's three card fields (the Stripe card element is another thing). */
export async function fillCard(page: Page, number = "4242 4242 4242 4242"): Promise<void> {
  await page.getByRole("textbox", { name: "Card number" }).fill(number);
  await page.getByRole("textbox", { name: /Expiration date/ }).fill("12/30");
  await page.getByRole("textbox", { name: "Security code" }).fill("123");
}

/** She ticks the subscription agreement herself: it starts unticked, her consent hers to give. */
export async function agreeToSubscription(page: Page, label: string | RegExp = /^Subscription Agreement/): Promise<void> {
  await page.getByRole("checkbox", { name: label }).check();
}

/**
 * Presses a submit button of the final checkout and returns the answer to its POST: a page
 * load without JavaScript, Remix's data request with it (the page hydrates).
 */
export async function press(page: Page, buttonName: string) {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST"),
    page.getByRole("button", { name: buttonName }).click(),
  ]);
  await page.waitForLoadState("domcontentloaded");
  return response;
}
