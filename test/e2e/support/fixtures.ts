// The `test` every end-to-end file uses. On top of Playwright's own fixtures it adds:
// - consoleGuard: a test fails on any console error or uncaught page error it did not expect
//   (docs/architecture.md "Tests"), in its own page and in every other visitor's;
// - newVisitor: a page in a fresh browser context, i.e. another person with her own cookies;
// - expectAccessible: axe with the WCAG 2.2 AA tags, zero violations allowed;
// - visitorAt: puts the test's visitor at a later step of the funnel, her flow seeded by a
//   secure token (seeding.ts), for tests that are not about the steps before;
// - paidOrder: her order placed through the JSON checkout route (paid-order.ts), for tests
//   about what follows a payment;
// - owner: the owner, signed in, in a browser of her own; signed in once per worker
//   (owner-session.ts).
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { ownerSignedIn, type StorageState } from "./owner-session";
import { payForOrder, type PayForOrder } from "./paid-order";
import { seedVisitor, type Seed, type SeededStep } from "./seeding";

export { expect };
export type { Seed, SeededStep } from "./seeding";
export type { PaidOrder, PayForOrder } from "./paid-order";

export const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

export interface ConsoleGuard {
  /** Expects console errors matching the pattern (e.g. the browser's note on a 400 page). */
  allow(pattern: RegExp): void;
  /** Also watches this context; contexts from `context` and `newVisitor` are watched already. */
  watch(context: BrowserContext): void;
}

/**
 * Chromium logs "Failed to load resource: ... status of 400" for a page answered with a
 * 4xx status. On an error state that status is the point, so the test allows exactly it.
 */
export function failedLoadOf(status: number): RegExp {
  return new RegExp(`^Failed to load resource: the server responded with a status of ${status}\\b`);
}

export type VisitorAt = (step: SeededStep, seed?: Seed & { page?: Page }) => Promise<string>;

interface Fixtures {
  consoleGuard: ConsoleGuard;
  newVisitor: () => Promise<Page>;
  expectAccessible: (page: Page) => Promise<void>;
  /**
   * `await visitorAt("final-checkout", { details: jane, query: "?referral_code=friend" })`: the
   * test's page (or `seed.page`, another visitor's) is at /{step}/{uuid}; returns the uuid.
   */
  visitorAt: VisitorAt;
  /**
   * `const { reference, link, email } = await paidOrder({ plan: "monthly" })`: a new visitor
   * (the test's page, or `page`) has paid with the sandbox's Visa and been sent the
   * acknowledgment; her reference and private link are read from it.
   */
  paidOrder: PayForOrder;
  /** The owner, signed in, in a browser of her own (at about:blank). */
  owner: Page;
}

interface WorkerFixtures {
  /** One scripted browser context per worker, where axe checks what a no-JS page shows. */
  scriptedTwin: ScriptedTwin;
  /** The owner's sign-in cookies at the project's server, signed in once per worker. */
  ownerState: StorageState;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  scriptedTwin: [
    async ({ browser }, use) => {
      const twin = await openScriptedTwin(browser);
      await use(twin);
      await twin.close();
    },
    { scope: "worker" },
  ],

  ownerState: [
    async ({ playwright }, use, workerInfo) => {
      // A worker runs one project's tests: its server is the project's base address.
      const origin = workerInfo.project.use.baseURL;
      if (!origin) throw new Error(`the ${workerInfo.project.name} project has no baseURL to sign the owner in at`);
      await use(await ownerSignedIn((options) => playwright.request.newContext(options), origin));
    },
    { scope: "worker" },
  ],

  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern, and needs one even when empty
  consoleGuard: async ({}, use) => {
    const seen: { text: string; where: string }[] = [];
    const allowed: RegExp[] = [];
    await use({
      allow: (pattern) => void allowed.push(pattern),
      watch(context) {
        context.on("console", (message) => {
          if (message.type() === "error") seen.push({ text: message.text(), where: message.location().url });
        });
        context.on("weberror", (error) => seen.push({ text: `Uncaught ${error.error()}`, where: error.page()?.url() ?? "" }));
      },
    });
    const unexpected = seen
      .filter(({ text }) => !allowed.some((pattern) => pattern.test(text)))
      .map(({ text, where }) => (where ? `${text}  (at ${where})` : text));
    expect(unexpected, "console errors nobody expected").toEqual([]);
  },

  context: async ({ context, consoleGuard }, use) => {
    consoleGuard.watch(context);
    await use(context);
  },

  newVisitor: async ({ browser, baseURL, javaScriptEnabled, consoleGuard }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async () => {
      // Same project options as the test's own page: same base address, same script setting.
      const context = await browser.newContext({ baseURL, javaScriptEnabled });
      consoleGuard.watch(context);
      contexts.push(context);
      return context.newPage();
    });
    await Promise.all(contexts.map((context) => context.close()));
  },

  visitorAt: async ({ page }, use) => {
    await use((step, { page: other, ...seed } = {}) => seedVisitor(other ?? page, step, seed));
  },

  paidOrder: async ({ page }, use) => {
    await use((options) => payForOrder(page, options));
  },

  owner: async ({ browser, baseURL, javaScriptEnabled, consoleGuard, ownerState }, use) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled, storageState: ownerState });
    consoleGuard.watch(context);
    await use(await context.newPage());
    await context.close();
  },

  expectAccessible: async ({ javaScriptEnabled, scriptedTwin }, use) => {
    await use(async (page) => {
      const url = page.url();
      const results =
        javaScriptEnabled === false ? await scriptedTwin.analyze(page) : await new AxeBuilder({ page }).withTags(wcagTags).analyze();
      const violations = results.violations.map(
        (v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((node) => node.target.join(" ")).join(", ")}`,
      );
      expect(violations, `axe violations on ${url}`).toEqual([]);
    });
  },
});

interface ScriptedTwin {
  analyze(page: Page): ReturnType<AxeBuilder["analyze"]>;
  close(): Promise<void>;
}

/**
 * axe cannot run in a page whose scripts are disabled: its injection succeeds, but its
 * asynchronous run never settles (tried with Chromium 156). Our pages ship no script at all, so
 * the document a script-enabled browser builds from the same HTML is the same DOM. The twin
 * carries the page's cookies and is answered, for that one address, with exactly the HTML the
 * page shows (so a 400 answer to a POST is checked too); stylesheets and images come from the
 * server as usual, which colour-contrast rules need. One twin serves a worker's every check:
 * a browser context per check cost about a second each.
 */
async function openScriptedTwin(browser: Browser): Promise<ScriptedTwin> {
  const context = await browser.newContext({ javaScriptEnabled: true });
  let shown: { url: string; html: string } | undefined;
  await context.route(
    (address) => address.href === shown?.url,
    (route) =>
      route.request().isNavigationRequest()
        ? route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: shown!.html })
        : route.fallback(),
  );
  const twinPage = await context.newPage();
  return {
    async analyze(page) {
      shown = { url: page.url(), html: await page.content() };
      await context.clearCookies();
      await context.addCookies(await page.context().cookies());
      const viewport = page.viewportSize();
      if (viewport) await twinPage.setViewportSize(viewport);
      // A blank page first: the same address again (or one that differs by its #fragment)
      // would otherwise not be loaded anew.
      await twinPage.goto("about:blank");
      await twinPage.goto(shown.url);
      return new AxeBuilder({ page: twinPage }).withTags(wcagTags).analyze();
    },
    close: () => context.close(),
  };
}
