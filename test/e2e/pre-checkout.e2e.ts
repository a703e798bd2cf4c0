// The pre-checkout step (spec sections 2, 4, 5 and 8): personal details, their errors and
// toasts, arrival by secure token, and who may see the details. Runs with and without
// JavaScript; the page ships no script either way.
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { signedToken, testTokenSecret } from "../support/tokens";
import { expect, failedLoadOf, test } from "./support/fixtures";
import { addToPlan, clickOption, expectErrorSummary, expectNoScripts, queryOf, submit } from "./support/funnel";
import { intakeOrigin } from "./support/servers";
import { aPerson } from "../support/factories";

const heading = "Personal Information";
const continueButton = "CONTINUE TO CHECKOUT";
const jane = aPerson({ email: "jane.doe@example.org" });

function field(page: Page, label: "First Name" | "Last Name" | "E-mail" | "Phone") {
  return page.getByRole("textbox", { name: label });
}

async function fillIn(page: Page, values: Partial<typeof jane>) {
  if (values.firstName !== undefined) await field(page, "First Name").fill(values.firstName);
  if (values.lastName !== undefined) await field(page, "Last Name").fill(values.lastName);
  if (values.email !== undefined) await field(page, "E-mail").fill(values.email);
  if (values.phone !== undefined) await field(page, "Phone").fill(values.phone);
}

async function expectValues(page: Page, values: typeof jane | Record<keyof typeof jane, "">) {
  await expect(field(page, "First Name")).toHaveValue(values.firstName);
  await expect(field(page, "Last Name")).toHaveValue(values.lastName);
  await expect(field(page, "E-mail")).toHaveValue(values.email);
  await expect(field(page, "Phone")).toHaveValue(values.phone);
}

function toast(page: Page, title: string) {
  return page.getByRole("dialog", { name: title });
}

/** The toast shows the spec's words, and its Dismiss button (no script needed) removes it. */
async function expectToastAndDismiss(page: Page, title: string, description: string) {
  const notice = toast(page, title);
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(description);
  await notice.getByRole("button", { name: /Dismiss/ }).click();
  await expect(notice).toBeHidden();
}

/**
 * A visitor with a plan of her own (Patch), arrived at pre-checkout by ADD TO PLAN: for the
 * tests about what the selection page hands on (her products, her tracking params, the way back).
 */
async function arriveWithPlan(page: Page, query = ""): Promise<string> {
  const responderUuid = randomUUID();
  await page.goto(`/checkout/${responderUuid}${query}`);
  await clickOption(page, "Estrogen", "Patch");
  expect((await addToPlan(page)).status()).toBe(303);
  await expect(page).toHaveURL((url) => url.pathname === `/pre-checkout/${responderUuid}`);
  return responderUuid;
}

/** What the provider's stand-in received for this uuid from save-pre-checkout. */
async function savedAtProvider(page: Page, responderUuid: string) {
  let found: { path: string; body: Record<string, unknown> } | undefined;
  await expect
    .poll(async () => {
      const received = (await (await page.request.get(`${intakeOrigin}/provider/received/${responderUuid}`)).json()) as {
        path: string;
        body: Record<string, unknown>;
      }[];
      found = received.find((r) => r.path.startsWith("/api/patients/save_pre_checkout/"));
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

test("fill in, see every error, correct them, and go on to the final checkout", async ({ page, consoleGuard, expectAccessible }) => {
  // The 400 answers are the point of the error states.
  consoleGuard.allow(failedLoadOf(400));
  const responderUuid = await arriveWithPlan(page, "?email_address=jane.doe%40example.org&utm_source=mail");

  await expect(page).toHaveTitle(heading);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  await expectValues(page, { firstName: "", lastName: "", email: jane.email, phone: "" });
  for (const label of ["First Name", "Last Name", "E-mail", "Phone"] as const) {
    await expect(field(page, label)).toHaveAttribute("required", "");
  }
  await expect(field(page, "First Name")).toHaveAttribute("autocomplete", "given-name");
  await expect(field(page, "Last Name")).toHaveAttribute("autocomplete", "family-name");
  await expect(field(page, "E-mail")).toHaveAttribute("autocomplete", "email");
  await expect(field(page, "Phone")).toHaveAttribute("autocomplete", "tel");
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "Back to Medication Selection" })).toHaveAttribute(
    "href",
    `/checkout/${responderUuid}?utm_source=mail`,
  );
  await expect(main.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
  await expect(main.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
  await expect(page.getByRole("heading", { name: "Our promise to you" })).toBeVisible();
  for (const stat of ["relief from hot flashes", "better mood and sleep", "fewer fractures", "more effective"]) {
    await expect(page.getByRole("region", { name: "What women on HRT report" })).toContainText(stat);
  }
  await expect(page.getByText("Secure checkout", { exact: true })).toBeVisible();
  await expectNoScripts(page);
  await expectAccessible(page);

  // Everything empty: the summary, each field's message, the title and the spec's toast.
  await field(page, "E-mail").fill("");
  const empty = await submit(page, continueButton);
  expect(empty.status()).toBe(400);
  const targets = await expectErrorSummary(page, [
    "Enter your first name",
    "Enter your last name",
    "Enter your email address",
    "Enter your phone number",
  ]);
  await expect(page).toHaveTitle(`Error: ${heading}`);
  await expect(field(page, "Phone")).toHaveAccessibleDescription(/Enter your phone number/);
  await expectAccessible(page);
  await expectToastAndDismiss(page, "Missing Information", "Please fill in all required fields.");
  await page.getByRole("link", { name: "Enter your last name" }).click();
  expect(new URL(page.url()).hash).toBe(targets[1]);

  // Format errors are said plainly, and what she typed stays.
  await fillIn(page, { ...jane, email: "jane.doe.example.org", phone: "555-0123" });
  expect((await submit(page, continueButton)).status()).toBe(400);
  await expectErrorSummary(page, [
    "Enter an email address in the correct format, like name@example.com",
    "Enter a US phone number with its area code, like (212) 555-0123",
  ]);
  await expect(toast(page, "Missing Information")).toHaveCount(0);
  await expectValues(page, { ...jane, email: "jane.doe.example.org", phone: "555-0123" });

  // Corrected: on to the final checkout with her params.
  await fillIn(page, jane);
  const done = await submit(page, continueButton);
  expect(done.status()).toBe(303);
  await expect(page).toHaveURL((url) => url.pathname === `/final-checkout/${responderUuid}`);
  expect(queryOf(page.url())).toEqual({ utm_source: "mail" });
  await expect(page.getByRole("heading", { level: 1, name: "Secure Checkout" })).toBeVisible();

  const saved = await savedAtProvider(page, responderUuid);
  expect(saved.body).toEqual({ ...jane, product_id: ["patch", "progesterone_pill"], selected_plan: "quarterly" });

  // Coming back, what she saved is there again.
  await page.goto(`/pre-checkout/${responderUuid}`);
  await expectValues(page, jane);
});

test("a secure token fills in the form, shows Details Loaded, and leaves the address", async ({ page, expectAccessible }) => {
  const responderUuid = randomUUID();
  const token = await signedToken(
    {
      responder_uuid: responderUuid,
      firstName: "Tina",
      last_name: "Token",
      email: "tina.token@example.org",
      phone: "646-555-0188",
      product_id: ["gel"],
    },
    testTokenSecret,
  );
  const response = await page.goto(`/pre-checkout?st=${token}&utm_campaign=spring`);
  expect(response?.status()).toBe(200);
  // Redirected to her uuid, without the token: it is in neither the address nor the history.
  await expect(page).toHaveURL((url) => url.pathname === `/pre-checkout/${responderUuid}`);
  expect(queryOf(page.url())).toEqual({ utm_campaign: "spring" });
  expect(response?.request().redirectedFrom()?.url()).toContain("st=");
  await expectValues(page, {
    firstName: "Tina",
    lastName: "Token",
    email: "tina.token@example.org",
    phone: "646-555-0188",
  });
  await expectAccessible(page);
  await expectToastAndDismiss(page, "Details Loaded", "Your information has been pre-filled from the secure token.");
  await expectNoScripts(page);

  // The toast was for that arrival only.
  await page.reload();
  await expect(toast(page, "Details Loaded")).toHaveCount(0);
  await expectValues(page, {
    firstName: "Tina",
    lastName: "Token",
    email: "tina.token@example.org",
    phone: "646-555-0188",
  });
});

test("a bad token says Token Error and she goes on by hand", async ({ page, expectAccessible }) => {
  const forged = await signedToken(
    { responder_uuid: randomUUID(), first_name: "Mallory", email: "m@example.org" },
    "not-the-secret-but-long-enough-0123456789",
  );
  await page.goto(`/pre-checkout?token=${forged}`);
  await expect(page).toHaveURL((url) => url.pathname === "/pre-checkout" && url.search === "");
  await expectValues(page, { firstName: "", lastName: "", email: "", phone: "" });
  await expectAccessible(page);
  await expectToastAndDismiss(page, "Token Error", "The token format is invalid or corrupted. Please proceed with manual entry.");
  await fillIn(page, jane);
  expect((await submit(page, continueButton)).status()).toBe(303);
  await expect(page).toHaveURL(/\/final-checkout\/[0-9a-f-]{36}$/);
});

test("a second browser that knows the uuid sees an empty form and changes nothing", async ({ page, newVisitor, visitorAt }) => {
  // Her details saved: how she came to the step is not what this test is about.
  const responderUuid = await visitorAt("pre-checkout", { details: jane });
  await expectValues(page, jane);
  expect((await submit(page, continueButton)).status()).toBe(303);

  const stranger = await newVisitor();
  await stranger.goto(`/pre-checkout/${responderUuid}`);
  await expect(stranger.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  await expectValues(stranger, { firstName: "", lastName: "", email: "", phone: "" });
  expect(await stranger.content()).not.toContain(jane.phone);
  // Her own submit starts a flow of her own; the first visitor's details stay as they were.
  await fillIn(stranger, { ...jane, firstName: "Mallory" });
  expect((await submit(stranger, continueButton)).status()).toBe(303);
  await expect(stranger).not.toHaveURL(new RegExp(responderUuid));

  await page.goto(`/pre-checkout/${responderUuid}`);
  await expectValues(page, jane);
});

test("Back to Medication Selection returns to her plan as she left it", async ({ page }) => {
  const responderUuid = await arriveWithPlan(page);
  await page.getByRole("link", { name: "Back to Medication Selection" }).click();
  await expect(page).toHaveURL((url) => url.pathname === `/checkout/${responderUuid}`);
  await expect(page.getByRole("region", { name: "Estrogen", exact: true }).getByRole("button", { pressed: true })).toContainText("Patch");
});
