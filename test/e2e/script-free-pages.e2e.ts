// Why the js project runs only the tests that touch a page that hydrates (playwright.config.ts):
// every other page is the same page with JavaScript on as off. A route ships scripts only
// when its handle says `hydrate: true` (app/route-handle.ts); every other page's policy is
// `script-src 'none'`. This test reaches each such page through the product's own doors in a
// browser without JavaScript, checks that policy and that no <script> is in it, then shows the
// very answer it got (status, headers, bytes) to a browser with JavaScript, and finds the same
// document: its serialised DOM, and what the accessibility tree shows (which <noscript> or CSS's
// `scripting` media feature could change). The pages it must visit are read from app/routes,
// and each address is checked against its route's, so a new page cannot be left out unnoticed.
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import type { Page, Response } from "@playwright/test";
import { addPerson, codeOf, signIn } from "./support/console";
import { expect, failedLoadOf, test } from "./support/fixtures";
import {
  addToPlan,
  agreeToSubscription,
  answerConcerns,
  answerWelcome,
  clickOption,
  emailLabel,
  fillCard,
  fillShipping,
  press,
  readIntake,
  submit,
  uuidInPath,
} from "./support/funnel";
import { subscriptionLinkIn, waitForEmail } from "./support/inbox";
import { ownerEmail, ownerPassword } from "./support/servers";
import { aPerson } from "../support/factories";

const routesDir = path.resolve("app/routes");

/** A route's module: the file itself, or route.tsx / route.ts in its folder. */
function moduleOf(entry: string): string | undefined {
  const full = path.join(routesDir, entry);
  if (!statSync(full).isDirectory()) return /\.tsx?$/.test(entry) ? full : undefined;
  return ["route.tsx", "route.ts"]
    .map((name) => path.join(full, name))
    .find((file) => {
      try {
        return statSync(file).isFile();
      } catch {
        return false;
      }
    });
}

/**
 * The routes that draw a page (a default export, their own or re-exported), each with whether
 * it hydrates (its handle, or the handle it re-exports, says `hydrate: true`). Route ids are
 * the file or folder names without extension, as Remix names them after "routes/".
 */
function pageRoutes(): { id: string; hydrates: boolean }[] {
  return readdirSync(routesDir).flatMap((entry) => {
    const file = moduleOf(entry);
    if (!file) return [];
    const source = readFileSync(file, "utf8");
    const draws = /^export default\b/m.test(source) || /^export\s*\{[^}]*\bdefault\b[^}]*\}/m.test(source);
    if (!draws) return [];
    const handleFrom = /^export\s*\{[^}]*\bhandle\b[^}]*\}\s*from\s*"([^"]+)"/m.exec(source)?.[1];
    const handleSource = handleFrom ? readFileSync(`${path.resolve(path.dirname(file), handleFrom)}.tsx`, "utf8") : source;
    return [{ id: entry.replace(/\.tsx?$/, ""), hydrates: /\bhydrate:\s*true\b/.test(handleSource) }];
  });
}

/**
 * The addresses a route draws, from its id as Remix reads it: `$name` a segment, `($name)` an
 * optional one, `_index` none, a trailing `_` not nested, `$` alone any address (the 404 page).
 * A layout (`within`) draws its children's addresses too.
 */
function addressesOf(id: string, within = false): RegExp {
  if (id === "$") return /^\//;
  const path = id
    .split(".")
    .map((segment) =>
      segment === "_index"
        ? ""
        : /^\(\$\w+\)$/.test(segment)
          ? "(?:/[^/]+)?"
          : /^\$\w+$/.test(segment)
            ? "/[^/]+"
            : `/${segment.replace(/_$/, "")}`,
    )
    .join("");
  return new RegExp(`^${path}${within ? "(?:/.*)?$" : "/?$"}`);
}

interface Twins {
  off: Page;
  on: Page;
  /** The answer `on` is given for its next visit to that address. */
  answer?: { url: string; status: number; headers: Record<string, string>; body: Buffer };
}

/** Headers that describe the bytes as they were sent, not the page: the body replayed is decoded. */
const transportHeaders = new Set(["content-encoding", "content-length", "transfer-encoding", "connection", "keep-alive"]);

test("every page without a script is the same page with JavaScript on and off", async ({ browser, baseURL, consoleGuard, visitorAt }) => {
  test.slow(); // the funnel, a payment, her pages and the console, each page shown twice
  consoleGuard.allow(failedLoadOf(404));
  const visited = new Set<string>();
  const hydrating = new Set<string>();

  /**
   * A pair of browsers, one without JavaScript (which walks the doors), one with it. A request
   * does not say whether scripts run, and some pages draw a fresh value in each view (a flow
   * claim): so the one with JavaScript is given, byte for byte, the answer the other one got
   * (its stylesheets and images come from the server as usual).
   */
  async function twins(): Promise<Twins> {
    const [off, on] = await Promise.all(
      [false, true].map(async (javaScriptEnabled) => {
        const context = await browser.newContext({ baseURL, javaScriptEnabled });
        consoleGuard.watch(context);
        return context.newPage();
      }),
    );
    const pair: Twins = { off: off!, on: on! };
    await on!.route(
      (url) => url.href === pair.answer?.url,
      (route) => (route.request().isNavigationRequest() && pair.answer ? route.fulfill(pair.answer) : route.fallback()),
    );
    return pair;
  }

  /**
   * The page at `address` without JavaScript (or the one `off` was just answered, for a page
   * shown once), shown with JavaScript, is the same page under the same policy.
   */
  async function same(pair: Twins, routes: string[], address: string | Response, status = 200) {
    const { off, on } = pair;
    // Without its #fragment: the same address with one would not be loaded again.
    const without = typeof address === "string" ? (await off.goto(address.replace(/#.*$/, "")))! : address;
    // Read at once: a page may send her on by itself after a moment (an HTTP Refresh).
    const landed = without.url();
    const where = typeof address === "string" ? address : landed;
    expect(without.status(), `${where} without JavaScript`).toBe(status);
    const headers = await without.allHeaders();
    expect(headers["content-security-policy"], `the policy of ${where}`).toMatch(/(^|; )script-src 'none'(;|$)/);
    const html = await off.content();
    expect(html.match(/<script\b/gi) ?? [], `<script> in ${where}`).toHaveLength(0);
    const tree = await off.locator("body").ariaSnapshot();

    pair.answer = {
      url: landed,
      status: without.status(),
      headers: Object.fromEntries(Object.entries(headers).filter(([name]) => !transportHeaders.has(name))),
      body: await without.body(),
    };
    const withScripts = (await on.goto(landed))!;
    expect(withScripts.status(), `${where} with JavaScript`).toBe(status);
    expect(await on.content(), `${where}: the document with JavaScript`).toBe(html);
    expect(await on.locator("body").ariaSnapshot(), `${where}: what is shown with JavaScript`).toBe(tree);
    pair.answer = undefined;
    // The address is one these routes draw (the last one the page's own, those before it layouts).
    const path = new URL(landed).pathname;
    routes.forEach((route, i) => expect(path, `${path} is drawn by ${route}`).toMatch(addressesOf(route, i < routes.length - 1)));
    for (const route of routes) visited.add(route);
  }

  /** A page that ships scripts: its policy carries a nonce. Not compared; the tagged tests run it with JavaScript. */
  async function hydrates(page: Page, route: string) {
    const answer = await page.request.get(page.url());
    expect(answer.headers()["content-security-policy"], `the policy of ${page.url()}`).toMatch(/script-src 'self' 'nonce-/);
    hydrating.add(route);
  }

  // Pages anyone can open.
  const anyone = await twins();
  await same(anyone, ["_index"], "/");
  await same(anyone, ["welcome"], "/welcome");
  await same(anyone, ["terms"], "/terms");
  await same(anyone, ["privacy"], "/privacy");
  await same(anyone, ["health-data-privacy._index"], "/health-data-privacy");
  await same(anyone, ["$"], "/no-such-page", 404);
  await same(anyone, ["thank-you"], "/thank-you");
  await same(anyone, ["subscription._index"], "/subscription");
  await same(anyone, ["subscription.deleted"], "/subscription/deleted");
  await same(anyone, ["owner", "owner._index"], "/owner");
  // The older variant's landing page, for a visitor the link puts in it.
  await same(await twins(), ["home"], "/home?variant=classic");

  // The funnel, through its buttons.
  const her = await twins();
  const email = `jane.${randomUUID().slice(0, 8)}@example.org`;
  const responderUuid = await answerWelcome(her.off);
  await same(her, ["concerns.($responderUuid)"], `/concerns/${responderUuid}`);
  await answerConcerns(her.off);
  await same(her, ["social-proof.($responderUuid)"], `/social-proof/${responderUuid}`);
  await her.off.getByLabel(emailLabel).fill(email);
  await submit(her.off, "Find Out if HRT is Right for Me");
  await readIntake(her.off);
  await same(her, ["congratulations.($responderUuid)"], `/congratulations/${responderUuid}`);
  await her.off.goto(`/checkout/${responderUuid}`);
  await clickOption(her.off, "Estrogen", "Patch");
  await same(her, ["checkout.($responderUuid)"], her.off.url());
  await addToPlan(her.off);
  expect(uuidInPath(her.off.url())).toBe(responderUuid);
  await same(her, ["pre-checkout.($responderUuid)"], her.off.url());

  // The final checkout hydrates; the pages it leads to do not. She pays with a card that asks
  // for 3-D Secure, so the sandbox's confirmation page is on the way.
  {
    await visitorAt("final-checkout", { page: her.off, details: { ...aPerson(), email }, plan: "monthly" });
    await hydrates(her.off, "final-checkout.($responderUuid)");
    const finalCheckout = her.off.url();
    await her.off.getByRole("link", { name: "Share with my doctor" }).click();
    await same(her, ["plan.$token"], her.off.url());
    await her.off.goto(finalCheckout);
    await fillShipping(her.off);
    await fillCard(her.off, "4000 0027 6000 3184");
    await agreeToSubscription(her.off);
    await press(her.off, "COMPLETE PURCHASE");
    await expect(her.off.getByRole("heading", { name: "Confirm your payment" })).toBeVisible();
    await same(her, ["sandbox.authenticate.$reference"], her.off.url());
    // Her acknowledgment is shown once (a reload sends her on): the answer she was given is compared.
    const [acknowledgment] = await Promise.all([
      her.off.waitForResponse((answer) => answer.request().isNavigationRequest() && answer.url().includes("/payment-complete/")),
      press(her.off, "Complete authentication"),
    ]);
    const reference = (await her.off.getByText(/^Your order reference is /).textContent())!.replace(/^Your order reference is /, "");
    await same(her, ["payment-complete.$responderUuid"], acknowledgment);
    await expect(her.off).toHaveURL((url) => url.pathname === "/thank-you", { timeout: 15_000 });
    const link = subscriptionLinkIn((await waitForEmail(email, /We've received your order/)).text);

    // The console, its owner signed in: she approves the order, so a receipt exists.
    const owner = await twins();
    await signIn(owner.off, ownerEmail, ownerPassword);
    await same(owner, ["owner.orders._index"], "/owner/orders");
    await same(owner, ["owner.reviews._index"], "/owner/reviews");
    await same(owner, ["owner.reviews.$reference"], `/owner/reviews/${reference}`);
    await same(owner, ["owner.orders.$reference"], `/owner/orders/${reference}`);
    await submit(owner.off, "Approve");
    await expect(owner.off.getByRole("status")).toContainText("Approved.");
    await same(owner, ["owner.orders.$reference_.change"], `/owner/orders/${reference}/change`);
    for (const [route, address] of [
      ["owner.emails", "/owner/emails"],
      ["owner.funnel", "/owner/funnel"],
      ["owner.staff", "/owner/staff"],
      ["owner.audit", "/owner/audit"],
      ["owner.password", "/owner/password"],
    ] as const) {
      await same(owner, [route], address);
    }

    // Her pages, from the link in her email and the links on her page.
    await same(her, ["subscription.$token._index"], link);
    await her.off.goto(link);
    const receipt = her.off
      .getByRole("table")
      .getByRole("row", { name: /Charged \(from the hold\)/ })
      .getByRole("link", { name: /Receipt/ });
    const herPage = new URL(her.off.url()).pathname;
    const receiptAddress = new URL((await receipt.getAttribute("href"))!, her.off.url()).pathname;
    await same(her, ["subscription.$token.receipts.$paymentId"], receiptAddress);
    // The addresses her page links to (a route's last segment is its address's).
    for (const route of [
      "subscription.$token.billing-date",
      "subscription.$token.plan",
      "subscription.$token.address",
      "subscription.$token.cancel",
      "subscription.$token.new-link",
    ]) {
      await same(her, [route], `${herPage}/${route.split(".").at(-1)}`);
    }
    await her.off.goto(`${herPage}/card`);
    await hydrates(her.off, "subscription.$token.card");
    // Her health data, from the link the policy's form emails her.
    await her.off.goto("/health-data-privacy");
    await her.off.getByLabel("Email address").fill(email);
    await submit(her.off, "Email me a link");
    const healthData = /https?:\/\/[^/\s]+(\/health-data-privacy\/\S+)/.exec((await waitForEmail(email, /^Your health data$/)).text);
    await same(her, ["health-data-privacy.$token"], healthData![1]!);
    // Deleting her data last: her link stops working after it.
    await same(her, ["subscription.$token.delete"], `${herPage}/delete`);
    expect((await submit(her.off, "Delete my data")).status()).toBe(303);
    await same(her, ["subscription.deleted"], her.off.url());
  }

  // A person the owner adds sets up her sign-in from the link, then signs in with a code.
  const owner = await twins();
  await signIn(owner.off, ownerEmail, ownerPassword);
  await owner.off.goto("/owner/staff");
  const run = randomUUID().slice(0, 8);
  const staffEmail = `support.${run}@example.org`;
  const setupLink = await addPerson(owner.off, `Support ${run}`, staffEmail, "Support");
  const newcomer = await twins();
  await same(newcomer, ["owner.setup.$token"], new URL(setupLink).pathname);
  await newcomer.off.goto(new URL(setupLink).pathname);
  const secret = (await newcomer.off.locator(".owner-secret").textContent())!;
  const password = `a-long-password-${run}`;
  await newcomer.off.getByLabel("Password").fill(password);
  await newcomer.off.getByLabel("Authentication code").fill(await codeOf(secret));
  expect((await submit(newcomer.off, "Set up my sign-in")).status()).toBe(200);
  const comer = await twins();
  await signIn(comer.off, staffEmail, password);
  await same(comer, ["owner.two-step"], comer.off.url());

  // Every page route was visited, or is one of the pages that hydrate.
  const routes = pageRoutes();
  expect(
    routes.filter((route) => !route.hydrates && !visited.has(route.id)).map((route) => route.id),
    "pages without a script this test does not visit",
  ).toEqual([]);
  expect(
    [...visited].filter((id) => !routes.some((route) => route.id === id && !route.hydrates)),
    "visited as script-free, but no such route",
  ).toEqual([]);
  // The pages that ship scripts are those the tagged tests run with JavaScript; her payment
  // page (after a failed renewal) is the integration tests' (stripe-another-card.test.ts).
  expect(
    routes
      .filter((route) => route.hydrates)
      .map((route) => route.id)
      .sort(),
  ).toEqual([...hydrating, "subscription.$token.payment"].sort());
});
