// Someone who learnt a support person's password guesses her authentication codes, signing in
// again and again from fresh browsers as a script would: every sign-in shows the code page, but
// ten wrong codes in all is where it stops, with the time to wait said in words.
import { expect, failedLoadOf, test } from "./support/fixtures";
import { addPerson, codeOf, setUp, signIn } from "./support/console";
import { submit } from "./support/funnel";

test("a stolen password buys ten code guesses in all, however many times it signs in", async ({
  owner,
  newVisitor,
  consoleGuard,
  expectAccessible,
}) => {
  // 400: the setup's own error state, on the way.
  for (const status of [400, 401, 429]) consoleGuard.allow(failedLoadOf(status));
  const run = Date.now().toString(36);
  await owner.goto("/owner/staff");
  const password = "the lighthouse keeper sleeps";
  const link = await addPerson(owner, `Sky Support ${run}`, `sky.${run}@example.com`, "Support");
  const { secret } = await setUp(await newVisitor(), link, password, async () => {});
  const right = await codeOf(secret);
  const near = await Promise.all([-30, 0, 30].map((ahead) => codeOf(secret, ahead)));
  const wrong = Array.from({ length: 12 }, (_, i) => String(100000 + i)).filter((code) => !near.includes(code) && code !== right);

  const guesses: number[] = [];
  for (const tries of [4, 4, 4]) {
    const attacker = await newVisitor();
    await signIn(attacker, `sky.${run}@example.com`, password);
    await expect(attacker.getByRole("heading", { level: 1, name: "Two-step sign-in" })).toBeVisible();
    expect((await attacker.context().cookies()).map((cookie) => cookie.name)).not.toContain("__owner_device");
    for (let i = 0; i < tries; i++) {
      await attacker.getByLabel("Authentication code").fill(wrong.shift()!);
      guesses.push((await submit(attacker, "Continue")).status());
    }
    if (guesses.at(-1) === 429) {
      await expect(attacker.getByRole("alert")).toContainText(/Too many sign-in attempts\. Please wait \d+ minutes? and try again\./);
      await expectAccessible(attacker);
      // The right code waits too: the limit is the account's, not the browser's.
      await attacker.getByLabel("Authentication code").fill(await codeOf(secret));
      expect((await submit(attacker, "Continue")).status()).toBe(429);
    }
  }
  expect(guesses).toEqual([...Array(10).fill(401), 429, 429]);
});
