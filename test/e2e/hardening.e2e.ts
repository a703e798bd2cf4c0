// Production hardening as a browser meets it: the security headers on pages and
// JSON (no script allowed where a page has none), the nonce on the scripts of the one page that has any, cross-site posts refused with a
// clear page, a connection not reused after a post refused unread,
// and a server log that names no one; her view of a kept page answered as Remix answers it.
// Bodies held to their door's cap: request-bodies.e2e.ts.
import { readFileSync } from "node:fs";
import { connect } from "node:net";
import { expect, test } from "./support/fixtures";
import { answerConcerns, answerWelcome, emailLabel, fillDetails, readIntake, submit } from "./support/funnel";
import { answerAt } from "./support/raw-http";
import { appOrigin, logFileOf } from "./support/servers";

/** A line of the server's request log, as far as these tests read it. */
interface LogLine {
  msg?: string;
  req?: { id?: string; method?: string; route?: string };
  res?: { statusCode?: number | null };
  responseTime?: number;
}

test("pages carry a CSP, HSTS, nosniff, a strict referrer policy and no framing; a page without script allows none", async ({ page }) => {
  const response = await page.goto("/welcome");
  const headers = response!.headers();
  const csp = headers["content-security-policy"] ?? "";
  expect(csp).toMatch(/default-src 'self'/);
  expect(csp).toMatch(/script-src 'none'/);
  expect(csp).not.toMatch(/nonce-/);
  expect(csp).toMatch(/frame-ancestors 'none'/);
  expect(csp).toMatch(/form-action 'self'/);
  expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
  expect(headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-frame-options"]).toBe("DENY");

  // Once she has answered, her pages are hers alone: never kept by a shared cache.
  await answerWelcome(page);
  const own = (await page.goto(page.url()))!.headers();
  expect(own["cache-control"]).toBe("no-store");
  expect(own["content-security-policy"]).toMatch(/script-src 'none'/);
  // A page without scripts is drawn in one piece, and sent with its length, not in chunks.
  const whole = await page.request.get(page.url(), { headers: { "Accept-Encoding": "identity" } });
  expect(whole.headers()["transfer-encoding"]).toBeUndefined();
  expect(Number(whole.headers()["content-length"])).toBe((await whole.body()).length);
  expect((await whole.text()).endsWith("</html>")).toBe(true);
  // The welcome page reads nothing of hers: the shared copy, with the same headers.
  const welcomeAgain = (await page.goto("/welcome"))!.headers();
  expect(welcomeAgain["cache-control"]).toMatch(/^public, /);
  expect(welcomeAgain["content-security-policy"]).toBe(csp);
  expect(welcomeAgain["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");

  const json = await page.request.get("/api/weight-loss-data");
  expect(json.headers()["content-security-policy"]).toMatch(/default-src 'none'/);
  expect(json.headers()["x-content-type-options"]).toBe("nosniff");
});

test("the final checkout's scripts carry the page's nonce", { tag: "@hydrates" }, async ({ page }) => {
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

test("her view of the selection page answered from the page kept for its data is the page Remix drew, with the same headers and its log line", async ({
  page,
}) => {
  // It may wait up to 30 s for a minute to begin (below).
  test.setTimeout(120_000);
  await answerWelcome(page);
  await answerConcerns(page);
  await page.getByLabel(emailLabel).fill("kept.page@example.org");
  await submit(page, "Find Out if HRT is Right for Me");
  const { path } = await readIntake(page);
  const address = `/checkout/${path.split("/").pop()}?view=${Date.now()}`;
  const view = () => page.request.get(address, { headers: { "Accept-Encoding": "identity" } });
  // The page's share link ends on a whole minute (plan-link.server.ts), so a view drawn in the
  // next minute is rightly another page: every view of this test falls within one minute.
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 30_000) await page.waitForTimeout(60_000 - intoMinute + 200);
  // The first view of this address is drawn by Remix; the second is the page kept from it.
  const [drawn, kept] = [await view(), await view()];
  expect(kept.status()).toBe(200);
  expect(await kept.text()).toBe(await drawn.text());
  const comparable = (headers: Record<string, string>) => {
    const { date: _date, "x-request-id": _id, ...rest } = headers;
    return rest;
  };
  expect(comparable(kept.headers())).toEqual(comparable(drawn.headers()));
  expect(kept.headers()["set-cookie"]).toBeUndefined();
  // Compressed as a browser asks for it, the same page.
  const compressed = await page.request.get(address, { headers: { "Accept-Encoding": "gzip, br" } });
  expect(compressed.headers()["content-encoding"]).toMatch(/^(br|gzip)$/);
  expect(await compressed.text()).toBe(await drawn.text());
  // A view whose loaders set her cookie (tracking params kept in her session) is Remix's answer.
  const tracked = await page.request.get(`${address}&utm_source=kept-page`, { headers: { "Accept-Encoding": "identity" } });
  expect(tracked.status()).toBe(200);
  expect(tracked.headers()["set-cookie"]).toMatch(/^__session=/);
  // Each view has its line in the request log, by its id.
  const ids = [drawn, kept, compressed, tracked].map((answer) => answer.headers()["x-request-id"]);
  const logged = () =>
    readFileSync(logFileOf(process.env.E2E_DATA_DIR!), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as LogLine)
      .filter(
        (line) =>
          ids.includes(line.req?.id ?? "") &&
          line.msg === "request done" &&
          line.req?.route === "/checkout/:uuid" &&
          line.res?.statusCode === 200,
      );
  await expect.poll(() => logged().length).toBe(4);
});

test("the server's log names the request, never the visitor", { tag: "@hydrates" }, async ({ page }) => {
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

  // A post whose connection goes before its body has come: logged as aborted, with no status.
  const { hostname, port, host } = new URL(appOrigin);
  const socket = connect(Number(port), hostname);
  socket.write(
    `POST /welcome HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${appOrigin}\r\n` +
      `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nreason=`,
  );
  await new Promise((resolve) => setTimeout(resolve, 200));
  socket.destroy();
  const logLines = () =>
    readFileSync(logFileOf(process.env.E2E_DATA_DIR!), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as LogLine);
  const isAborted = (line: LogLine) => line.msg === "request aborted" && line.req?.route === "/welcome" && line.res?.statusCode === null;
  await expect.poll(() => logLines().some(isAborted)).toBe(true);

  const log = readFileSync(logFileOf(process.env.E2E_DATA_DIR!), "utf8");
  const requests = logLines().filter((line) => line.req && line.res);
  expect(requests.length).toBeGreaterThan(5);
  for (const line of requests) {
    expect(line.req).toEqual({ id: expect.any(String), method: expect.any(String), route: expect.any(String) });
    // A request given up on (a navigation replaced by the next) has no status.
    if (line.res?.statusCode === null) expect(line.msg).toBe("request aborted");
    else expect(line.res).toEqual({ statusCode: expect.any(Number) });
    expect(line.responseTime).toEqual(expect.any(Number));
  }
  // Her flow shows as a route, its uuid as ":uuid".
  expect(requests.some((line) => line.req?.route === "/pre-checkout/:uuid" && line.req.method === "POST")).toBe(true);
  // Her phone's digits are looked for apart from the clock's numbers: a time in milliseconds
  // may hold them (1795550199000 is a moment on 2026-11-24).
  const words = log.replace(/"(time|responseTime)":\d+/g, "");
  for (const secret of [
    visitor.email,
    encodeURIComponent(visitor.email),
    visitor.firstName,
    visitor.lastName,
    "555-0199",
    "5550199",
    responderUuid!,
  ]) {
    expect(words, `the log holds ${secret}`).not.toContain(secret);
  }
  // Nobody's email at all, nor a token or a cookie.
  expect(log).not.toMatch(/@example\.(org|com)|__session=|[?&](st|token)=/);
});

// A browser reuses its connection after an answer. A body refused unread is still on its way
// in that connection, so the server must say it closes it (and read what is left of the body
// first, or the close is a reset); else the next request on it is lost behind those bytes.
// The body is large enough not to fit in the server's buffers, where a small one hides this.
for (const refused of [
  { kind: "form", path: "/welcome", type: "application/x-www-form-urlencoded", body: `reason=${"x".repeat(256 * 1024)}` },
  { kind: "JSON", path: "/api/pre-auth-checkout", type: "application/json", body: JSON.stringify({ note: "x".repeat(256 * 1024) }) },
]) {
  test(`a connection is not reused after a ${refused.kind} post refused as too large`, async ({ request }) => {
    const { hostname, port, host } = new URL(appOrigin);
    const socket = connect(Number(port), hostname);
    socket.setEncoding("latin1");
    let received = "";
    let failure: string | undefined;
    let closed = false;
    socket.on("data", (chunk: string) => (received += chunk));
    socket.on("error", (error: NodeJS.ErrnoException) => (failure = error.code ?? error.message));
    socket.on("close", () => (closed = true));
    try {
      socket.write(
        `POST ${refused.path} HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${appOrigin}\r\nContent-Type: ${refused.type}\r\n` +
          `Content-Length: ${Buffer.byteLength(refused.body)}\r\n\r\n${refused.body}`,
      );
      await expect.poll(() => answerAt(received) !== undefined || closed).toBe(true);
      const first = answerAt(received);
      expect(first?.status).toBe(413);

      if (/\r\nconnection: *close/i.test(first!.head)) {
        // Closed by the server, cleanly, and a new connection is served.
        await expect.poll(() => closed).toBe(true);
        expect((await request.get("/healthz")).status()).toBe(200);
      } else {
        socket.write(`GET /healthz HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
        await expect.poll(() => answerAt(received.slice(first!.end)) !== undefined || closed).toBe(true);
        expect(answerAt(received.slice(first!.end))?.status).toBe(200);
      }
      expect(failure).toBeUndefined();
    } finally {
      socket.destroy();
    }
  });
}
