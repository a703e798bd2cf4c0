// The team behind the console, as QA walks it by hand (docs/decisions/0022-the-team-behind-the-console.md):
// two women pay; the owner adds a support person and a clinician; each sets up their sign-in
// from the link the owner was shown (a password and an authenticator, whose codes this test
// computes as a phone would); support signs in with a code, finds the first woman by her email
// and cancels for her with a reason; the clinician approves the second from her answers
// without seeing her contact details; the owner reads all of it in the audit log. Without
// JavaScript (no page here ships a script); axe on every new page and error state.
import { aPerson } from "../support/factories";
import { addPerson, codeOf, setUp, signIn } from "./support/console";
import { expect, failedLoadOf, test } from "./support/fixtures";
import { submit } from "./support/funnel";

test("the owner adds support and a clinician; each sets up and signs in; support cancels for her; the clinician approves; the audit log tells it", async ({
  owner,
  newVisitor,
  paidOrder,
  consoleGuard,
  expectAccessible,
}) => {
  test.slow(); // three people, a dozen console screens, axe on each
  for (const status of [400, 401, 403]) consoleGuard.allow(failedLoadOf(status));
  const run = `${test.info().project.name}-${Date.now().toString(36)}`;
  const her = aPerson({ firstName: "Rosa", lastName: "Quintero", email: `rosa.${run}@example.org`, phone: "(212) 555-0188" });
  const other = aPerson({ firstName: "Ines", lastName: "Marquez", email: `ines.${run}@example.org`, phone: "(212) 555-0199" });
  // Two women have paid for a monthly plan, each in her own browser.
  const { reference: cancelled } = await paidOrder({ plan: "monthly", details: her });
  const { reference: approved } = await paidOrder({ plan: "monthly", details: other, page: await newVisitor() });

  // The owner, signed in, adds the two people.
  await owner.goto("/owner");
  await expect(owner.getByRole("navigation", { name: "Owner's console" }).getByRole("link")).toHaveText([
    "Orders",
    "Reviews",
    "Emails",
    "Funnel",
    "Staff",
    "Audit log",
  ]);
  await owner.getByRole("link", { name: "Staff" }).click();
  await expect(owner.getByRole("heading", { level: 1, name: "Staff" })).toBeVisible();
  await expectAccessible(owner);
  expect((await submit(owner, "Add the person")).status()).toBe(400);
  await expect(owner.getByRole("alert")).toBeVisible();
  await expectAccessible(owner);
  const supportName = `Sam Support ${run}`;
  const clinicianName = `Dr Cleo Clinician ${run}`;
  const supportEmail = `sam.${run}@example.com`;
  const clinicianEmail = `cleo.${run}@example.com`;
  const supportLink = await addPerson(owner, supportName, supportEmail, "Support");
  await expectAccessible(owner);
  const clinicianLink = await addPerson(owner, clinicianName, clinicianEmail, "Clinician");

  // Support sets up, is signed in at once, signs out, and signs in again with a code.
  const supportPassword = "a walk by the river at dawn";
  const { page: support, secret: supportSecret } = await setUp(await newVisitor(), supportLink, supportPassword, expectAccessible);
  await support.getByRole("link", { name: "Continue to the console" }).click();
  await expect(support.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  await expect(support.getByRole("navigation", { name: "Owner's console" }).getByRole("link")).toHaveText(["Orders", "Emails"]);
  await submit(support, "Sign out");
  await signIn(support, supportEmail, supportPassword);
  await expect(support.getByRole("heading", { level: 1, name: "Two-step sign-in" })).toBeVisible();
  await expectAccessible(support);
  await support.getByLabel("Authentication code").fill("000000");
  expect((await submit(support, "Continue")).status()).toBe(401);
  await expect(support.getByRole("alert")).toContainText("The code is not right.");
  await expectAccessible(support);
  await support.getByLabel("Authentication code").fill(await codeOf(supportSecret, 30));
  await submit(support, "Continue");
  await expect(support.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();

  // She calls: support finds her by the email she gives, and sees her details.
  await support.getByLabel("Reference, email, phone or name").fill(her.email.toUpperCase());
  await support.getByRole("button", { name: "Find", exact: true }).click();
  await support.getByRole("link", { name: cancelled }).click();
  await expect(support.getByRole("heading", { level: 1, name: `Order ${cancelled}` })).toBeVisible();
  const details = support
    .getByRole("region", { name: "Her details" })
    .or(support.locator("section", { has: support.getByRole("heading", { name: "Her details" }) }));
  await expect(details.first()).toContainText(her.email);
  await expect(support.getByRole("button", { name: "Approve" })).toHaveCount(0);
  await expectAccessible(support);
  // Cancel for her: the reason is needed.
  expect((await submit(support, "Cancel for her")).status()).toBe(400);
  await expect(support.getByRole("alert")).toBeVisible();
  await expectAccessible(support);
  await support.getByLabel("Reason").selectOption({ label: "She asked by phone" });
  await submit(support, "Cancel for her");
  await expect(support.getByRole("status")).toBeVisible();
  await expect(support.getByRole("button", { name: "Cancel for her" })).toHaveCount(0);
  await expectAccessible(support);

  // The clinician sets up and lands on the review queue; she approves the second order from its clinical view.
  const { page: clinician } = await setUp(await newVisitor(), clinicianLink, "tea in the garden after rain", expectAccessible);
  await clinician.getByRole("link", { name: "Continue to the console" }).click();
  await expect(clinician.getByRole("heading", { level: 1, name: "Reviews" })).toBeVisible();
  await expectAccessible(clinician);
  await clinician.getByRole("link", { name: approved }).click();
  await expect(clinician.getByRole("heading", { level: 1, name: `Review of ${approved}` })).toBeVisible();
  await expect(clinician.getByRole("main").or(clinician.locator("body")).first()).toContainText("Ines M.");
  const clinical = await clinician.content();
  for (const secret of [other.email, other.lastName, "555-0199", "$"])
    expect(clinical, `the clinical view shows ${secret}`).not.toContain(secret);
  await expectAccessible(clinician);
  await clinician.getByLabel("Note for the record").fill("Suitable: no contraindications in her answers.");
  await submit(clinician, "Approve");
  await expect(clinician.getByRole("status")).toContainText(`Approved ${approved}`);
  const orders = await clinician.goto(`/owner/orders/${approved}`);
  expect(orders?.status()).toBe(403);

  // The owner reads it all in the audit log.
  await owner.goto("/owner/audit");
  await expect(owner.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  await expectAccessible(owner);
  await owner.getByLabel("Person").selectOption({ label: supportName });
  await owner.getByRole("button", { name: "Show" }).click();
  const log = owner.getByRole("table", { name: /Audit log/ });
  for (const action of ["Sign-in set up", "Signed in", "Sign-in failed", "Customer searched", "Her details viewed", "Canceled for her"]) {
    await expect(log.getByRole("cell", { name: action, exact: true }).first(), action).toBeVisible();
  }
  await expect(log.getByRole("row").filter({ hasText: "Canceled for her" })).toContainText(cancelled);
  await expect(log.getByRole("row").filter({ hasText: "Canceled for her" })).toContainText("She asked by phone");
  await expect(log).not.toContainText(her.email);
  await owner.getByLabel("Person").selectOption({ label: clinicianName });
  await owner.getByRole("button", { name: "Show" }).click();
  await expect(
    log
      .getByRole("row")
      .filter({ hasText: /^.*Approved/ })
      .first(),
  ).toContainText(approved);
  await expectAccessible(owner);
});
