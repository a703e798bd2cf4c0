// Social proof (spec section 2 "Social proof", section 5: email non-blank after trimming).
import { expect, failedLoadOf, test } from "./support/fixtures";
import {
  answerConcerns,
  answerWelcome,
  emailLabel,
  emailRequiredMessage,
  expectErrorSummary,
  expectNoScripts,
  readIntake,
  submit,
} from "./support/funnel";

test("social proof shows the email field, the button, how it works and the price claim", async ({ page, expectAccessible }) => {
  await answerWelcome(page);
  await answerConcerns(page);
  const email = page.getByLabel(emailLabel);
  await expect(email).toHaveAttribute("type", "email");
  await expect(email).toHaveAttribute("autocomplete", "email");
  await expect(email).toHaveValue("");
  await expect(page.getByRole("button", { name: "Find Out if HRT is Right for Me" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "How it Works" })).toBeVisible();
  await expect(page.getByText(/as little as \$63\/month/)).toBeVisible();
  await expectNoScripts(page);
  await expectAccessible(page);
});

for (const [what, typed] of [
  ["blank", ""],
  ["only spaces", "   "],
] as const) {
  test(`social proof with a ${what} email answers 400 with the error summary and the field message`, async ({
    page,
    consoleGuard,
    expectAccessible,
  }) => {
    consoleGuard.allow(failedLoadOf(400));
    await answerWelcome(page, "?utm_source=x");
    await answerConcerns(page);
    const address = page.url();
    await page.getByLabel(emailLabel).fill(typed);
    const response = await submit(page, "Find Out if HRT is Right for Me");
    expect(response.status()).toBe(400);

    await expect(page).toHaveURL(address);
    await expect(page).toHaveTitle(/^Error: /);
    const [target] = await expectErrorSummary(page, [emailRequiredMessage]);
    const email = page.getByLabel(emailLabel);
    // The summary link points at the email field itself.
    expect(target).toBe(`#${await email.getAttribute("id")}`);
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription(new RegExp(emailRequiredMessage));
    await page.getByRole("link", { name: emailRequiredMessage }).click();
    await expect(email).toBeFocused();
    await expectNoScripts(page);
    await expectAccessible(page);

    await email.fill("  jane@example.com ");
    expect((await submit(page, "Find Out if HRT is Right for Me")).status()).toBe(303);
    const intake = await readIntake(page);
    expect(intake.query.email_address).toBe("jane@example.com");
    expect(intake.query.utm_source).toBe("x");
  });
}

test("an email_address in the tracking params is carried to the intake as the one she typed", async ({ page }) => {
  const responderUuid = await answerWelcome(page, "?utm_source=news&referral_code=friend");
  await answerConcerns(page);
  await page.getByLabel(emailLabel).fill("mary@example.com");
  await page.getByRole("button", { name: "Find Out if HRT is Right for Me" }).click();
  const intake = await readIntake(page);
  expect(intake.query).toEqual({
    responderUuid,
    email_address: "mary@example.com",
    utm_source: "news",
    referral_code: "friend",
  });
});
