// "Change your password" as a person of the console walks it: a clinician the owner added sets
// up their sign-in, follows "Your password" in the console's bar, is told beside the field when
// the current password is wrong or the new one is common, changes it, and signs in with the new
// one only. Without JavaScript (the console ships no script); axe on the page and each error state.
import type { Page } from "@playwright/test";
import { generate } from "otplib";
import { expect, failedLoadOf, test } from "./support/fixtures";
import { expectErrorSummary, submit } from "./support/funnel";

function codeOf(secretText: string, aheadSeconds = 0): Promise<string> {
  return generate({ secret: secretText.replace(/\s/g, ""), epoch: Math.floor(Date.now() / 1000) + aheadSeconds });
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/owner");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  return submit(page, "Sign in");
}

test("a clinician changes their own password: the current one first, the rules beside the field, then only the new one signs in", async ({
  owner,
  newVisitor,
  consoleGuard,
  expectAccessible,
}) => {
  test.slow(); // the owner adds a person, who sets up and changes a password: scrypt at each step
  for (const status of [400, 401]) consoleGuard.allow(failedLoadOf(status));
  const run = `${test.info().project.name}-${Date.now().toString(36)}`;
  const name = `Dr Pat Password ${run}`;
  const email = `pat.${run}@example.com`;
  const firstPassword = "tea in the garden after rain";
  const newPassword = "lanterns along the quiet harbour";

  // The owner, signed in, adds the clinician; the setup link shown once.
  await owner.goto("/owner/staff");
  const addPerson = owner.locator("section", { has: owner.getByRole("heading", { name: "Add a person" }) });
  await addPerson.getByLabel("Name").fill(name);
  await addPerson.getByLabel("Email").fill(email);
  await addPerson.getByLabel("Role").selectOption({ label: "Clinician" });
  await submit(owner, "Add the person");
  const link = (await owner
    .getByRole("status")
    .filter({ hasText: `Setup link for ${name}` })
    .locator("code")
    .textContent())!;

  // They set up their sign-in from it.
  const clinician = await newVisitor();
  await clinician.goto(new URL(link).pathname);
  const secret = (await clinician.locator(".owner-secret").textContent())!;
  await clinician.getByLabel("Password").fill(firstPassword);
  await clinician.getByLabel("Authentication code").fill(await codeOf(secret));
  expect((await submit(clinician, "Set up my sign-in")).status()).toBe(200);
  await clinician.getByRole("link", { name: "Continue to the console" }).click();
  await expect(clinician.getByRole("heading", { level: 1, name: "Reviews" })).toBeVisible();

  // "Your password", beside their name in the bar.
  await clinician.getByRole("link", { name: "Your password" }).click();
  await expect(clinician.getByRole("heading", { level: 1, name: "Change your password" })).toBeVisible();
  await expect(clinician).toHaveTitle("Change your password: Owner's console");
  await expectAccessible(clinician);

  // A wrong current password: said beside its field, nothing changed.
  await clinician.getByLabel("Current password").fill("not my password at all");
  await clinician.getByLabel("New password", { exact: true }).fill(newPassword);
  await clinician.getByLabel("New password again").fill(newPassword);
  expect((await submit(clinician, "Change my password")).status()).toBe(400);
  await expectErrorSummary(clinician, ["Your current password is not right."]);
  // No password comes back into the fields.
  await expect(clinician.getByLabel("Current password")).toHaveValue("");
  await expect(clinician.getByLabel("New password", { exact: true })).toHaveValue("");
  await expectAccessible(clinician);

  // A common password: refused with why.
  await clinician.getByLabel("Current password").fill(firstPassword);
  await clinician.getByLabel("New password", { exact: true }).fill("Password1234");
  await clinician.getByLabel("New password again").fill("Password1234");
  expect((await submit(clinician, "Change my password")).status()).toBe(400);
  await expectErrorSummary(clinician, [
    "This password is on a list of common or leaked passwords, so it would be guessed early. Choose another: a few words you will remember make a good one.",
  ]);
  await expectAccessible(clinician);

  // Changed: still signed in here, and told so.
  await clinician.getByLabel("Current password").fill(firstPassword);
  await clinician.getByLabel("New password", { exact: true }).fill(newPassword);
  await clinician.getByLabel("New password again").fill(newPassword);
  await submit(clinician, "Change my password");
  await expect(clinician.getByRole("status")).toHaveText("Your password is changed. You are still signed in here.");
  await expectAccessible(clinician);
  await clinician.getByRole("link", { name: "Reviews" }).click();
  await expect(clinician.getByRole("heading", { level: 1, name: "Reviews" })).toBeVisible();

  // Only the new password signs in.
  await submit(clinician, "Sign out");
  expect((await signIn(clinician, email, firstPassword)).status()).toBe(401);
  await signIn(clinician, email, newPassword);
  await expect(clinician.getByRole("heading", { level: 1, name: "Two-step sign-in" })).toBeVisible();
  await clinician.getByLabel("Authentication code").fill(await codeOf(secret, 30));
  await submit(clinician, "Continue");
  await expect(clinician.getByRole("heading", { level: 1, name: "Reviews" })).toBeVisible();
});
