// Sharing her plan with her own doctor, and treatments her state cannot have (spec sections 1
// and 2): the printable plan from the checkout, emailed to her doctor once she has ordered
// (read at the mail stand-in); the Cream refused for Mississippi at COMPLETE PURCHASE with the spec's notice
// beside it, and disabled on the selection page once her state is known. With and without
// JavaScript; axe on every new state.
import { randomUUID } from "node:crypto";
import { expect, failedLoadOf, test } from "./support/fixtures";
import { aPerson } from "../support/factories";
import { agreeToSubscription, fillCard, fillShipping, press, submit } from "./support/funnel";
import { subscriptionLinkIn, waitForEmail } from "./support/inbox";

const notice = "We are sorry but this treatment option is not available in your state";

test("before ordering she can print her plan but not email it; once ordered, Email it to my doctor arrives with her note under our subject", async ({
  page,
  visitorAt,
  paidOrder,
  consoleGuard,
  expectAccessible,
}) => {
  test.slow(); // three emails
  consoleGuard.allow(failedLoadOf(400)); // the note with a link, refused
  consoleGuard.allow(failedLoadOf(410)); // the plan link a new private link retired
  const person = { ...aPerson(), email: `jane.${randomUUID().slice(0, 8)}@example.org` };
  const { email } = person;
  const responderUuid = await visitorAt("final-checkout", { details: person });
  await page.getByRole("link", { name: "Share with my doctor" }).click();
  expect(new URL(page.url()).pathname).toMatch(/^\/plan\/[A-Za-z0-9_-]{22}\.0\.\d+\.[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your treatment plan" })).toBeVisible();
  await expect(page.getByText("Starting dose set by your provider")).toBeVisible();
  await expect(page.getByRole("heading", { name: "What the provider's review involves" })).toBeVisible();
  // No order yet: no form that could only refuse her, and the page says when she can.
  await expect(page.getByText("You can email this plan to your doctor once you have placed your order")).toBeVisible();
  await expect(page.getByRole("button", { name: "Email it to my doctor" })).toHaveCount(0);
  await expectAccessible(page);

  // On paper: only the plan, not the sharing panel or the site's chrome.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByText("You can email this plan to your doctor once you have placed your order")).toBeHidden();
  await page.emulateMedia({ media: "screen" });

  // She places her order for the plan she printed.
  const { link } = await paidOrder({ details: person, responderUuid });
  await page.goto(link);
  await page.getByRole("link", { name: "Share with my doctor" }).click();
  const opened = page.url();
  expect(new URL(opened).pathname).toMatch(/^\/plan\/[A-Za-z0-9_-]{22}\.1\.\d+\.[A-Za-z0-9_-]{43}$/);

  const doctor = `dr.${randomUUID().slice(0, 8)}@clinic.example`;
  await page.getByLabel("Your doctor's email address").fill(doctor);
  await page.getByLabel("A note for your doctor (optional)").fill("Can we talk about this? See www.example.com");
  await page.getByRole("button", { name: "Email it to my doctor" }).click();
  await expect(page.getByText("Your note cannot contain a web or email address.").first()).toBeVisible();
  await expect(page.getByLabel("Your doctor's email address")).toHaveValue(doctor);
  await expect(page.getByLabel("A note for your doctor (optional)")).toHaveValue("Can we talk about this? See www.example.com");
  await expectAccessible(page);

  await page.getByLabel("A note for your doctor (optional)").fill("Can we talk about this?");
  await page.getByRole("button", { name: "Email it to my doctor" }).click();
  await expect(page.getByRole("status")).toContainText(`We have sent this plan to ${doctor}, with your note.`);
  await expectAccessible(page);
  const sent = await waitForEmail(doctor, /shared a menopause treatment plan with you/);
  expect(sent.subject).toBe("A patient shared a menopause treatment plan with you");
  expect(sent.text).toContain("Can we talk about this?");
  expect(sent.text).toMatch(/\/plan\/[A-Za-z0-9_-]{22}\.1\.\d+\.[A-Za-z0-9_-]{43}/);

  // A new private link, once opened, retires the plan links drawn before: 410, with the way to a new one and nothing of the plan.
  await page.goto("/subscription");
  await page.getByLabel("Email address").fill(email);
  await submit(page, "Send my link");
  const fresh = subscriptionLinkIn((await waitForEmail(email, /Your link to order/)).text);
  expect((await page.goto(fresh))?.status()).toBe(200);
  const retired = await page.goto(opened);
  expect(retired?.status()).toBe(410);
  await expect(page.getByText("This link to the plan has expired")).toBeVisible();
  await expect(page.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute("href", "/subscription");
  await expect(page.getByText("Starting dose set by your provider")).toHaveCount(0);
  await expectAccessible(page);
});

test("a changed plan address opens nothing", async ({ page, visitorAt, consoleGuard, expectAccessible }) => {
  consoleGuard.allow(failedLoadOf(404));
  await visitorAt("final-checkout");
  const href = (await page.getByRole("link", { name: "Share with my doctor" }).getAttribute("href"))!;
  const answer = await page.goto(`${href.slice(0, -1)}${href.endsWith("A") ? "B" : "A"}`);
  expect(answer?.status()).toBe(404);
  await expect(page.getByText("This link does not open a plan.")).toBeVisible();
  await expectAccessible(page);
});

test(
  "the Cream cannot go to Mississippi: COMPLETE PURCHASE says so beside it, and the selection page disables it",
  { tag: "@hydrates" },
  async ({ page, visitorAt, consoleGuard, expectAccessible }) => {
    consoleGuard.allow(failedLoadOf(400));
    const responderUuid = await visitorAt("final-checkout", { products: ["vaginal_estrogen_cream"], plan: "quarterly" });
    await fillShipping(page, { line1: "200 Capitol St", zipCode: "39201", state: "MS", city: "Jackson" });
    await fillCard(page, "4242 4242 4242 4242");
    await agreeToSubscription(page);
    expect((await press(page, "COMPLETE PURCHASE")).status()).toBe(400);
    await expect(page.getByRole("alert").getByRole("link", { name: notice })).toBeVisible();
    await expect(page.locator(".order-summary")).toContainText(notice);
    await expect(page.getByRole("textbox", { name: "City" })).toHaveValue("Jackson");
    await expectAccessible(page);

    await page.getByRole("link", { name: "Change your selection" }).click();
    await expect(page).toHaveURL((url) => url.pathname === `/checkout/${responderUuid}`);
    const cream = page.getByRole("listitem").filter({ hasText: notice });
    await expect(cream).toContainText("Cream");
    await expectAccessible(page);
  },
);
