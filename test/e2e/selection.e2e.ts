// The selection page (spec section 2 "Selection page", section 4 "Selection rules" and "ADD TO
// PLAN", sections 5 and 9): the plan toggle, the four categories, the prices, the
// rules a click applies, and the way on to pre-checkout, all without a script. Every click is
// a form post that comes back to the same place on the page (see clickAndComeBack).
import { randomUUID } from "node:crypto";
import path from "node:path";
import type { BrowserContext, Locator, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import {
  addToPlan,
  answerConcerns,
  answerWelcome,
  categoryAnchors,
  currentCategoryNames,
  categoryRegion,
  choosePlan,
  clickOption,
  emailLabel,
  expectNoScripts,
  optionButton,
  planButton,
  planToggle,
  queryOf,
  readIntake,
  selectionHeading,
  submit,
  uuidInPath,
  type CategoryName,
} from "./support/funnel";
import { startAppServer } from "./support/app-server";
import { intakeTemplate, providerBaseUrl, providerToken } from "./support/servers";

const noPreference = "I don't know / No preference";
const nonHormonal = "Paroxetine";
const monthlyCreamReason = "This medication isn't available with the monthly plan. Please select the quarterly plan to continue.";
const noTestimonials = "No testimonials available at the moment.";

// Every image and stylesheet a page asks for must exist.
let unexpectedMissing: string[] = [];
function watchMissing(context: BrowserContext): void {
  context.on("response", (response) => {
    if (response.status() === 404 && !response.request().isNavigationRequest()) unexpectedMissing.push(response.url());
  });
}
test.beforeEach(({ context }) => {
  unexpectedMissing = [];
  watchMissing(context);
});
test.afterEach(() => {
  expect(unexpectedMissing, "sub-resources answering 404").toEqual([]);
});

/** A uuid nobody has started: the external intake handing a new visitor over. */
const freshCheckout = (query = "") => `/checkout/${randomUUID()}${query}`;

async function expectChosen(page: Page, chosen: Partial<Record<CategoryName, string>>): Promise<void> {
  // The current variant's categories (the classic variant's Weight Loss: classic-variant.e2e.ts).
  const all: Partial<Record<CategoryName, string[]>> = {
    Estrogen: ["Gel", "Patch", noPreference],
    Progesterone: ["Pill"],
    "Vaginal Estrogen": ["Cream", "Insert"],
    "Non-Hormonal": [nonHormonal],
  };
  for (const [category, options] of Object.entries(all) as [CategoryName, string[]][]) {
    for (const option of options) {
      await expect(optionButton(page, category, option), `${category}: ${option}`).toHaveAttribute(
        "aria-pressed",
        chosen[category] === option ? "true" : "false",
      );
    }
  }
}

const requiredTag = (page: Page) => optionButton(page, "Progesterone", "Pill").getByText("Required", { exact: true });

/** The first option's savings (spec section 2), as a person sees them. */
/** Whole dollars as the page writes them: "$1,668". */
const dollars = (amount: number) => `$${amount.toLocaleString("en-US")}`;

async function expectSavings(option: Locator, { perMonth, was, save }: { perMonth: number; was: number; save: number }) {
  await expect(option.getByText(`${dollars(perMonth)}/month`, { exact: true })).toBeVisible();
  const struck = option.getByText(dollars(was));
  await expect(struck).toBeVisible();
  await expect(struck).toHaveCSS("text-decoration-line", "line-through");
  await expect(option.getByText(`Save ${dollars(save)}`, { exact: true })).toBeVisible();
}

async function expectNoSavings(option: Locator) {
  await expect(option.getByText(/^Save \$/)).toHaveCount(0);
  await expect(option.locator("s, del")).toHaveCount(0);
}

async function expectPrice(option: Locator, text: string) {
  await expect(option.getByText(text, { exact: true })).toBeVisible();
}

// "/checkout" itself is the page the second visitor lands on in "another browser that knows the uuid".
for (const address of ["/", "/checkout/{fresh uuid}"]) {
  test(`${address} shows the visible plans, the four categories and the defaults, with no script`, async ({ page, expectAccessible }) => {
    const response = await page.goto(address === "/checkout/{fresh uuid}" ? freshCheckout() : address);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: selectionHeading })).toBeVisible();

    // Only the visible plans (default monthly,quarterly), quarterly pressed by default.
    await expect(planToggle(page).getByRole("button")).toHaveText(["Monthly", "Quarterly"]);
    await expect(planToggle(page).getByRole("button", { pressed: true })).toHaveText("Quarterly");

    for (const name of currentCategoryNames) {
      await expect(categoryRegion(page, name).getByRole("heading", { level: 2, name, exact: true })).toBeVisible();
    }
    // Defaults: the estrogen default, and progesterone with it, carrying the Required tag.
    await expectChosen(page, { Estrogen: noPreference, Progesterone: "Pill" });
    await expect(requiredTag(page)).toBeVisible();
    await expect(page.getByRole("button", { name: "ADD TO PLAN" })).toBeVisible();

    // Trust indicators and badges (spec section 1).
    const indicators = page.getByRole("region", { name: "Why women trust us" });
    for (const title of [
      "Free & fast shipping",
      "Millions of satisfied customers",
      "Trusted by healthcare professionals",
      "5-star reviews",
      "Clear, fair, no-surprise charges",
      "No waiting, meds in stock",
    ]) {
      await expect(indicators.getByText(title, { exact: true })).toBeVisible();
    }
    const badges = page.getByRole("region", { name: "As featured in" });
    await expect(badges.getByRole("img", { name: "Health Daily" })).toBeAttached();
    await expect(badges.getByText("Secure 256 Bit SSL Encryption")).toBeVisible();

    await expectNoScripts(page);
    await expectAccessible(page);
  });
}

test("prices: the first option's per-month price, struck-through price and saving on Quarterly; none on Monthly", async ({ page }) => {
  await page.goto(freshCheckout());
  const gel = optionButton(page, "Estrogen", "Gel");
  const patch = optionButton(page, "Estrogen", "Patch");

  // Quarterly: Gel $399 against 3 x $139 = $417.
  await expectPrice(gel, "$399/quarterly");
  await expectSavings(gel, { perMonth: 133, was: 417, save: 18 });
  // Only the first option of a category shows them (spec section 2).
  await expectPrice(patch, "$399/quarterly");
  await expectNoSavings(patch);
  // Progesterone is free beside an estrogen (spec section 5).
  await expectPrice(optionButton(page, "Progesterone", "Pill"), "$0/quarterly");

  await choosePlan(page, "Monthly");
  await expect(planToggle(page).getByRole("button", { pressed: true })).toHaveText("Monthly");
  await expectPrice(gel, "$139/month");
  await expectNoSavings(gel);
  await expect(gel.getByText("$133/month")).toHaveCount(0);
  await expectPrice(patch, "$149/month");
  await expectNoSavings(patch);
});

test("Monthly disables the vaginal Cream with the reason next to it, and takes it out of the selection", async ({ page }) => {
  await page.goto(freshCheckout());
  const cream = optionButton(page, "Vaginal Estrogen", "Cream");
  const insert = optionButton(page, "Vaginal Estrogen", "Insert");
  await clickOption(page, "Vaginal Estrogen", "Cream");
  await expect(cream).toHaveAttribute("aria-pressed", "true");
  const responderUuid = uuidInPath(page.url());

  await choosePlan(page, "Monthly");
  await expect(cream).toBeDisabled();
  await expect(cream).toHaveAttribute("aria-pressed", "false");
  await expect(cream).toHaveAccessibleDescription(monthlyCreamReason);
  await expect(categoryRegion(page, "Vaginal Estrogen").getByText(monthlyCreamReason, { exact: true })).toBeVisible();
  await expect(insert).toBeEnabled();
  // The rest of her choice is untouched.
  await expectChosen(page, { Estrogen: noPreference, Progesterone: "Pill" });

  // A hand-made post for the disabled option is refused with the same reason; nothing changes.
  const forged = await page.request.post(`/checkout/${responderUuid}`, {
    form: { intent: "toggle", optionId: "vaginal_estrogen_cream" },
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(400);
  expect(await forged.text()).toContain(monthlyCreamReason.replace("isn't", "isn&#x27;t"));
  await page.reload();
  await expect(cream).toBeDisabled();
  await expect(cream).toHaveAttribute("aria-pressed", "false");

  // Back on Quarterly she may choose it again; it is not chosen for her
  // (docs/decisions/0005-plan-change.md).
  await choosePlan(page, "Quarterly");
  await expect(cream).toBeEnabled();
  await expect(cream).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByText(monthlyCreamReason)).toHaveCount(0);
  await clickOption(page, "Vaginal Estrogen", "Cream");
  await expect(cream).toHaveAttribute("aria-pressed", "true");
});

test("non-hormonal replaces estrogen and progesterone; an estrogen brings progesterone back", async ({ page }) => {
  await page.goto(freshCheckout());
  await clickOption(page, "Non-Hormonal", nonHormonal);
  await expectChosen(page, { "Non-Hormonal": nonHormonal });
  await expect(requiredTag(page)).toHaveCount(0);

  await clickOption(page, "Estrogen", "Patch");
  await expectChosen(page, { Estrogen: "Patch", Progesterone: "Pill" });
  await expect(requiredTag(page)).toBeVisible();
});

test("deselecting: progesterone stays while estrogen is chosen; estrogen takes progesterone with it; the last one stays", async ({
  page,
}) => {
  await page.goto(freshCheckout());
  await clickOption(page, "Estrogen", "Gel");
  await expectChosen(page, { Estrogen: "Gel", Progesterone: "Pill" });

  // Progesterone cannot be deselected while systemic estrogen is chosen.
  await clickOption(page, "Progesterone", "Pill");
  await expectChosen(page, { Estrogen: "Gel", Progesterone: "Pill" });
  await expect(requiredTag(page)).toBeVisible();

  // Deselecting estrogen also removes progesterone; what else she chose stays.
  await clickOption(page, "Vaginal Estrogen", "Insert");
  await clickOption(page, "Estrogen", "Gel");
  await expectChosen(page, { "Vaginal Estrogen": "Insert" });

  // The last remaining selection cannot be deselected.
  await clickOption(page, "Vaginal Estrogen", "Insert");
  await expectChosen(page, { "Vaginal Estrogen": "Insert" });
  await expect(page.getByRole("button", { name: "ADD TO PLAN" })).toBeVisible();
});

test("deselecting the default estrogen empties the plan: ADD TO PLAN hides until she chooses again", async ({ page }) => {
  // docs/decisions/0005-plan-change.md: the spec's rules taken literally.
  await page.goto(freshCheckout());
  await clickOption(page, "Estrogen", noPreference);
  await expectChosen(page, {});
  await expect(page.getByRole("button", { name: "ADD TO PLAN" })).toHaveCount(0);

  await clickOption(page, "Progesterone", "Pill");
  await expectChosen(page, { Progesterone: "Pill" });
  await expect(requiredTag(page)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "ADD TO PLAN" })).toBeVisible();
});

test("the first click at / gives her a flow of her own, and / then shows it", async ({ page }) => {
  await page.goto("/?utm_source=x");
  await clickOption(page, "Estrogen", "Patch");
  const url = new URL(page.url());
  const responderUuid = uuidInPath(page.url());
  expect(url.hash).toBe(`#${categoryAnchors.Estrogen}`);
  expect(queryOf(page.url())).toEqual({ utm_source: "x" });

  await page.goto("/");
  await expect(page).toHaveURL((address) => address.pathname === `/checkout/${responderUuid}`);
  await expectChosen(page, { Estrogen: "Patch", Progesterone: "Pill" });
});

test("ADD TO PLAN goes to /pre-checkout/{uuid} with referral_code, email_address and the UTM params", async ({ page }) => {
  const responderUuid = randomUUID();
  await page.goto(`/checkout/${responderUuid}?email_address=jane%40example.com&referral_code=friend&utm_source=x`);
  await clickOption(page, "Estrogen", "Patch");
  expect(uuidInPath(page.url())).toBe(responderUuid);

  const post = await addToPlan(page);
  expect(post.status()).toBe(303);
  await expect(page).toHaveURL((url) => url.pathname === `/pre-checkout/${responderUuid}`);
  expect(queryOf(page.url())).toEqual({ referral_code: "friend", email_address: "jane@example.com", utm_source: "x" });
  await expect(page.getByRole("heading", { level: 1, name: "Personal Information" })).toBeVisible();
  await expect(page.getByLabel("E-mail")).toHaveValue("jane@example.com");

  // Her plan is kept: back on the page it is as she left it.
  await page.goto(`/checkout/${responderUuid}`);
  await expectChosen(page, { Estrogen: "Patch", Progesterone: "Pill" });
});

test("after the questionnaire and the intake, /checkout/{her uuid} is her plan, and carries her email and UTM on", async ({ page }) => {
  const responderUuid = await answerWelcome(page, "?utm_source=x");
  await answerConcerns(page);
  await page.getByLabel(emailLabel).fill("jane@example.com");
  await submit(page, "Find Out if HRT is Right for Me");
  expect((await readIntake(page)).path).toBe(`/intake/${responderUuid}`);

  // The intake (the stand-in here) hands her back with her uuid; her browser owns that flow,
  // and what she told the questionnaire is still hers.
  expect(intakeTemplate).not.toMatch(/^\/checkout/);
  const response = await page.goto(`/checkout/${responderUuid}?responderUuid=${responderUuid}`);
  expect(response?.status()).toBe(200);
  expect(new URL(page.url()).pathname).toBe(`/checkout/${responderUuid}`);
  await expectChosen(page, { Estrogen: noPreference, Progesterone: "Pill" });
  await clickOption(page, "Estrogen", "Gel");

  expect((await addToPlan(page)).status()).toBe(303);
  await expect(page).toHaveURL((url) => url.pathname === `/pre-checkout/${responderUuid}`);
  expect(queryOf(page.url())).toEqual({ email_address: "jane@example.com", utm_source: "x" });
});

test("another browser that knows the uuid neither sees nor changes her plan", async ({ page, newVisitor }) => {
  const responderUuid = randomUUID();
  await page.goto(`/checkout/${responderUuid}`);
  await clickOption(page, "Estrogen", "Gel");
  await choosePlan(page, "Monthly");

  const stranger = await newVisitor();
  watchMissing(stranger.context());
  const response = await stranger.goto(`/checkout/${responderUuid}?responderUuid=${responderUuid}&utm_source=y`);
  expect(response?.status()).toBe(200);
  // Sent to a flow of her own, with the defaults, not the first visitor's plan.
  await expect(stranger).toHaveURL((url) => url.pathname === "/checkout" && url.search === "?utm_source=y");
  await expect(planToggle(stranger).getByRole("button", { pressed: true })).toHaveText("Quarterly");
  await expectChosen(stranger, { Estrogen: noPreference, Progesterone: "Pill" });
  await expectNoScripts(stranger);

  // A hand-made post to the first visitor's plan is refused and says nothing.
  const forged = await stranger.request.post(`/checkout/${responderUuid}`, {
    form: { intent: "toggle", optionId: "patch" },
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(404);

  // Her own click starts her own flow.
  await clickOption(stranger, "Estrogen", "Patch");
  const strangersUuid = uuidInPath(stranger.url());
  expect(strangersUuid).not.toBe(responderUuid);

  await page.reload();
  await expect(planToggle(page).getByRole("button", { pressed: true })).toHaveText("Monthly");
  await expectChosen(page, { Estrogen: "Gel", Progesterone: "Pill" });
});

test("the testimonials section shows what the provider serves, or says there are none", async ({ page, request }) => {
  const responderUuid = randomUUID();
  await page.goto(`/checkout/${responderUuid}`);
  const section = page.getByRole("region", { name: "What our members say" });
  await expect(section).toBeVisible();

  // The provider stand-in (test/e2e/support/intake-stand-in.ts) answers testimonials or not:
  // today it answers 405 to every GET under /provider but its /received list, so the page
  // shows the spec's empty text. Should it learn to serve testimonials, the page shows them.
  const fromProvider = await request.get(`${providerBaseUrl}/api/hrt_checkout/testimonials/${responderUuid}`, {
    headers: { Authorization: `Bearer ${providerToken}` },
  });
  if (!fromProvider.ok()) {
    await expect(section.getByText(noTestimonials, { exact: true })).toBeVisible();
    await expect(section.locator("blockquote")).toHaveCount(0);
  } else {
    const answer = await fromProvider.json();
    const served = (Array.isArray(answer) ? answer : answer.testimonials) as { quote: string }[];
    if (served.length === 0) {
      await expect(section.getByText(noTestimonials, { exact: true })).toBeVisible();
    } else {
      await expect(section.locator("blockquote")).toHaveCount(Math.min(4, served.length));
      await expect(section.getByText(served[0]!.quote)).toBeVisible();
      await expect(section.getByText(noTestimonials)).toHaveCount(0);
    }
  }

  // The resource route for other clients agrees with the page.
  const api = await request.get(`/api/hrt-testimonials/${responderUuid}`);
  expect(api.status()).toBe(200);
  const { testimonials } = (await api.json()) as { testimonials: unknown[] };
  expect(testimonials.length === 0).toBe(await section.getByText(noTestimonials).isVisible());
});

test("a plan that is not visible (Yearly by default) is not offered and cannot be forced", async ({ page }) => {
  const responderUuid = randomUUID();
  await page.goto(`/checkout/${responderUuid}`);
  await expect(planButton(page, "Yearly")).toHaveCount(0);
  await expect(planButton(page, "6 Months")).toHaveCount(0);
  const forged = await page.request.post(`/checkout/${responderUuid}`, {
    form: { intent: "plan", plan: "yearly" },
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(400);
  expect(await forged.text()).toContain("That plan is not offered. Please choose one of the plans shown.");
  await page.reload();
  await expect(planToggle(page).getByRole("button", { pressed: true })).toHaveText("Quarterly");
});

// Yearly and 6 Months are not visible with the default configuration, so the page cannot
// show them on the suite's server. This test starts a second server from the same build with
// every plan visible (VISIBLE_PLANS is read at start-up), for itself only.
test("with every plan visible: Yearly and 6 Months prices, and Patch on Yearly", async ({
  browser,
  javaScriptEnabled,
  consoleGuard,
}, testInfo) => {
  test.slow(); // a server to start
  const server = await startAppServer(path.dirname(testInfo.config.configFile ?? "playwright.config.ts"), {
    VISIBLE_PLANS: "monthly,quarterly,6_month,yearly",
  });
  const context = await browser.newContext({ baseURL: server.origin, javaScriptEnabled });
  try {
    consoleGuard.watch(context);
    watchMissing(context);
    const page = await context.newPage();
    await page.goto(freshCheckout());
    await expect(planToggle(page).getByRole("button")).toHaveText(["Monthly", "Quarterly", "6 Months", "Yearly"]);
    await expect(planToggle(page).getByRole("button", { pressed: true })).toHaveText("Quarterly");
    const gel = optionButton(page, "Estrogen", "Gel");
    const patch = optionButton(page, "Estrogen", "Patch");
    const cream = optionButton(page, "Vaginal Estrogen", "Cream");

    await choosePlan(page, "Yearly");
    await expect(planToggle(page).getByRole("button", { pressed: true })).toHaveText("Yearly");
    // Gel $1,400 against 12 x $139 = $1,668; Cream $1,000 against 12 x $129 = $1,548.
    await expectPrice(gel, "$1,400/year");
    await expectSavings(gel, { perMonth: 117, was: 1668, save: 268 });
    await expectPrice(cream, "$1,000/year");
    await expectSavings(cream, { perMonth: 83, was: 1548, save: 548 });

    // Patch on Yearly: chosen at $1,400/year; as the second option it shows no saving.
    await clickOption(page, "Estrogen", "Patch");
    await expectChosen(page, { Estrogen: "Patch", Progesterone: "Pill" });
    await expectPrice(patch, "$1,400/year");
    await expectNoSavings(patch);

    await choosePlan(page, "6 Months");
    await expectChosen(page, { Estrogen: "Patch", Progesterone: "Pill" });
    // Gel $750 against 6 x $139 = $834.
    await expectPrice(gel, "$750/6 months");
    await expectSavings(gel, { perMonth: 125, was: 834, save: 84 });
    await expectPrice(patch, "$750/6 months");
  } finally {
    await context.close();
    await server.stop();
  }
});
