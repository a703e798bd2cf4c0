// The console as its people meet it: signing in, an owner adding a person, that person setting
// up their sign-in from the link (a password and an authenticator whose codes are computed here
// as a phone would).
import type { Page } from "@playwright/test";
import { generate } from "otplib";
import { expect } from "./fixtures";
import { expectErrorSummary, submit } from "./funnel";

/** The code an authenticator app shows for `secret` (as typed from the page: groups of four) `aheadSeconds` from now. */
export function codeOf(secretText: string, aheadSeconds = 0): Promise<string> {
  return generate({ secret: secretText.replace(/\s/g, ""), epoch: Math.floor(Date.now() / 1000) + aheadSeconds });
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/owner");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  return submit(page, "Sign in");
}

/** The owner adds a person; the setup link she is shown once. */
export async function addPerson(owner: Page, name: string, email: string, role: string): Promise<string> {
  const form = owner
    .getByRole("region", { name: "Add a person" })
    .or(owner.locator("section", { has: owner.getByRole("heading", { name: "Add a person" }) }))
    .first();
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Role").selectOption({ label: role });
  await submit(owner, "Add the person");
  const shown = owner.getByRole("status").filter({ hasText: `Setup link for ${name}` });
  await expect(shown).toContainText("It works once, for 72 hours.");
  return (await shown.locator("code").textContent())!;
}

/** A new person opens their link in a browser of their own and sets up; the secret they enrolled. */
export async function setUp(page: Page, link: string, password: string, expectAccessible: (page: Page) => Promise<void>) {
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole("heading", { level: 1, name: "Set up your sign-in" })).toBeVisible();
  await expect(page.getByRole("img", { name: /^QR code for the authenticator account/ })).toBeVisible();
  const secret = (await page.locator(".owner-secret").textContent())!;
  await expectAccessible(page);

  // A password too short: said beside its field, nothing set up.
  await page.getByLabel("Password").fill("short");
  await page.getByLabel("Authentication code").fill(await codeOf(secret));
  expect((await submit(page, "Set up my sign-in")).status()).toBe(400);
  await expectErrorSummary(page, ["Enter a password of 12 characters or more."]);
  await expectAccessible(page);

  await page.getByLabel("Password").fill(password);
  await page.getByLabel("Authentication code").fill(await codeOf(secret));
  expect((await submit(page, "Set up my sign-in")).status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Your sign-in is set up" })).toBeVisible();
  await expect(page.locator(".owner-recovery-codes li")).toHaveCount(10);
  await expectAccessible(page);
  return { page, secret };
}
