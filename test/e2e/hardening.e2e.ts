// Production hardening as a browser meets it: the security headers on pages and
// JSON, the nonce on the scripts of the one page that has any, cross-site posts refused with a
// clear page, and a server log that names no one.
import { readFileSync } from "node:fs";
import { expect, test } from "./support/fixtures";
import { answerConcerns, answerWelcome, emailLabel, fillDetails, readIntake, submit } from "./support/funnel";
import { logFileOf } from "./support/servers";

test("pages carry a nonce-based CSP, HSTS, nosniff, a strict referrer policy and no framing", async ({ page }) => {
  const response = await page.goto("/welcome");
  const headers = response!.headers();
  const csp = headers["content-security-policy"] ?? "";
  expect(csp).toMatch(/default-src 'self'/);
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}'/);
  expect(csp).toMatch(/frame-ancestors 'none'/);
  expect(csp).toMatch(/form-action 'self'/);
  expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
  expect(headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["cache-control"]).toBe("no-store");
  // Each page draws its own nonce.
  const again = (await page.goto("/welcome"))!.headers()["content-security-policy"];
  expect(again).not.toBe(csp);

  const json = await page.request.get("/api/weight-loss-data");
  expect(json.headers()["content-security-policy"]).toMatch(/default-src 'none'/);
  expect(json.headers()["x-content-type-options"]).toBe("nosniff");
});

test("the final checkout's scripts carry the page's nonce", async ({ page }) => {
  const response = await page.goto(`/final-checkout`);
  const nonce = /'nonce-([^']+)'/.exec(response!.headers()["content-security-policy"] ?? "")?.[1];
  expect(nonce).toBeTruthy();
  // The browser hides a nonce from the DOM once the policy has used it; the served HTML has it.
  const html = await response!.text();
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
});

test("a form posted from another site is refused with a clear page, and nothing is kept", async ({ page }) => {
  const forged = await page.request.post("/welcome", {
    headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    form: { reason: "nothing_else_has_helped" },
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(403);
  expect(await forged.text()).toContain("This form was sent from another site");
  expect(forged.headers()["set-cookie"]).toBeUndefined();

  const forgedJson = await page.request.post("/api/pre-auth-checkout", {
    headers: { Origin: "https://evil.example", "Content-Type": "application/json" },
    data: {},
  });
  expect(forgedJson.status()).toBe(403);

  // The same post from our own page goes through (303 on to the concerns question).
  await answerWelcome(page);
});

test("the server's log names the request, never the visitor", async ({ page }) => {
  const visitor = { firstName: "Logtest", lastName: "Nobodyknows", email: "log.nobody@example.org", phone: "(212) 555-0199" };
  await answerWelcome(page, `?email_address=${encodeURIComponent(visitor.email)}&utm_source=logs`);
  await answerConcerns(page);
  await page.getByLabel(emailLabel).fill(visitor.email);
  await submit(page, "Find Out if HRT is Right for Me");
  const { path } = await readIntake(page);
  const responderUuid = path.split("/").pop();
  await page.goto(`/pre-checkout/${responderUuid}?email_address=${encodeURIComponent(visitor.email)}`);
  await fillDetails(page, visitor);
  await submit(page, "CONTINUE TO CHECKOUT");
  await expect(page).toHaveURL((url) => url.pathname === `/final-checkout/${responderUuid}`);

  const log = readFileSync(logFileOf(process.env.E2E_DATA_DIR!), "utf8");
  const lines = log.trim().split("\n").map((line) => JSON.parse(line) as Record<string, any>);
  const requests = lines.filter((line) => line.req && line.res);
  expect(requests.length).toBeGreaterThan(5);
  for (const line of requests) {
    expect(line.req).toEqual({ id: expect.any(String), method: expect.any(String), route: expect.any(String) });
    // A request the browser gave up on (a navigation replaced by the next) has no status yet.
    if (line.res.statusCode === null) expect(line.msg).toBe("request failed");
    else expect(line.res).toEqual({ statusCode: expect.any(Number) });
    expect(line.responseTime).toEqual(expect.any(Number));
  }
  // Her flow shows as a route, its uuid as ":uuid".
  expect(requests.some((line) => line.req.route === "/pre-checkout/:uuid" && line.req.method === "POST")).toBe(true);
  for (const secret of [visitor.email, encodeURIComponent(visitor.email), visitor.firstName, visitor.lastName, "555-0199", "5550199", responderUuid!]) {
    expect(log, `the log holds ${secret}`).not.toContain(secret);
  }
  // Nobody's email at all, nor a token or a cookie.
  expect(log).not.toMatch(/@example\.(org|com)|__session=|[?&](st|token)=/);
});
