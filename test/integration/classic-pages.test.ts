// The older variant's own pages and resource routes: the /home landing, and
// /api/medications, /api/weight-loss-data and /api/testimonials, against a real Postgres
// engine. The landing answers only the "classic" variant, and a visit writes nothing.
import { count } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { WeightLossChart, weightLossChartTitle } from "../../app/routes/home/weight-loss-chart";
import { weightLossData } from "../../app/funnel/weight-loss";
import * as medicationsApi from "../../app/routes/api.medications";
import * as testimonialsApi from "../../app/routes/api.testimonials";
import * as hrtTestimonialsApi from "../../app/routes/api.hrt-testimonials.$responderUuid";
import * as weightLossDataApi from "../../app/routes/api.weight-loss-data";
import * as home from "../../app/routes/home/route";
import * as welcome from "../../app/routes/welcome";
import { clearProviderCaches } from "../../app/server/provider/catalogue-cache.server";
import { database } from "../../app/server/db/client.server";
import { embeddedProviderReceipts, funnelRecords, outboxMessages, visitorSessions } from "../../app/server/db/schema.server";
import type { Provider } from "../../app/server/provider/index.server";
import { startFlow } from "../support/funnel-steps";
import { cookieOf, locationOf, resetDatabase, TestBrowser, type RouteAnswer } from "../support/route-harness";

/** The responder uuids the provider was asked for testimonials about. */
const testimonialAsks = vi.hoisted(() => [] as string[]);
vi.mock("../../app/server/provider/index.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../app/server/provider/index.server")>();
  return {
    ...actual,
    provider: async (): Promise<Provider> => {
      const real = await actual.provider();
      return {
        ...real,
        getTestimonials(responderUuid) {
          testimonialAsks.push(responderUuid);
          return real.getTestimonials(responderUuid);
        },
      };
    },
  };
});

beforeEach(async () => {
  await resetDatabase();
  clearProviderCaches();
  testimonialAsks.length = 0;
});

/** Every row a visit could write: sessions, funnel records, outbox, provider receipts. */
async function rowCounts() {
  const db = await database();
  const tables = { visitorSessions, funnelRecords, outboxMessages, embeddedProviderReceipts };
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await db.select({ rows: count() }).from(table);
    counts[name] = row!.rows;
  }
  return counts;
}

/** The variant a funnel_variant cookie holds (a Remix cookie: base64 of the JSON value). */
function variantCookieValue(answer: RouteAnswer): string | undefined {
  const value = cookieOf(answer, "funnel_variant");
  return value === undefined ? undefined : JSON.parse(Buffer.from(decodeURIComponent(value), "base64").toString("utf8"));
}

const visitHome = (browser: TestBrowser, query = "") => browser.call(home.loader, `/home${query}`);

describe("/home, the older variant's landing", () => {
  it("answers a visitor sent to the classic variant with the landing's data, handing her variant on in its link", async () => {
    const browser = new TestBrowser();
    const answer = await visitHome(browser, "?variant=classic&utm_source=news&referral_code=199sema&other=1");
    expect(answer).toHaveStatus(200);
    expect(answer.data).toEqual({
      // The tracking params and her variant travel on: the page sets no cookie.
      startUrl: "/welcome?utm_source=news&referral_code=199sema&variant=classic",
      weightLoss: weightLossData,
      treatments: [
        {
          productId: "semaglutide",
          name: "Semaglutide",
          dosage: "0.25 mg weekly injection",
          equivalent: "Same active ingredient as Ozempic® and Wegovy®",
          image: "/medications/semaglutide.svg",
          fromPrice: "from $199/month",
        },
        {
          productId: "tirzepatide",
          name: "Tirzepatide",
          dosage: "2.5 mg weekly injection",
          equivalent: "Same active ingredient as Mounjaro® and Zepbound®",
          image: "/medications/tirzepatide.svg",
          fromPrice: "from $297/month",
        },
      ],
    });
    expect(answer.headers.getSetCookie()).toEqual([]);
    expect(answer.headers.get("Cache-Control")).toMatch(/^public\b/);

    // Her first answer, from that link, keeps the variant in her cookie: back without the
    // parameter she is still classic, by her cookie, which needs no new copy.
    await startFlow(browser, "?variant=classic");
    const again = await visitHome(browser);
    expect(again).toHaveStatus(200);
    expect(again.data.startUrl).toBe("/welcome?variant=classic");
    expect(again.headers.getSetCookie()).toEqual([]);
    expect(again.headers.get("Cache-Control")).toBeNull();
  });

  it("sends a visitor of the current variant to /welcome with the query as it came", async () => {
    const answer = await visitHome(new TestBrowser(), "?utm_source=news&utm_campaign=spring%20sale&other=1");
    expect(answer).toRedirectTo("/welcome?utm_source=news&utm_campaign=spring%20sale&other=1");
    // With the default split (0% classic) every new visitor is current: nothing to keep.
    expect(answer.headers.getSetCookie()).toEqual([]);

    const bare = await visitHome(new TestBrowser());
    expect(bare).toRedirectTo("/welcome");
  });

  it("follows a later variant link: a classic visitor sent to current goes to /welcome", async () => {
    const browser = new TestBrowser();
    await startFlow(browser, "?variant=classic");
    const answer = await visitHome(browser, "?variant=current");
    expect(answer).toHaveStatus(303);
    expect(locationOf(answer).pathname).toBe("/welcome");
    expect(locationOf(answer).search).toBe("?variant=current");
    // /welcome's answer keeps the new variant.
    const welcomed = await browser.call(welcome.action, "/welcome?variant=current", { form: { reason: "nothing_else_has_helped" } });
    expect(variantCookieValue(welcomed)).toBe("current");
    expect(await visitHome(browser)).toHaveStatus(303);
  });

  it("writes no database row, for either variant, with or without tracking params or a session", async () => {
    const before = await rowCounts();
    const stranger = new TestBrowser();
    await visitHome(stranger, "?variant=classic&utm_source=news&email_address=jane%40example.org");
    await visitHome(stranger, "?utm_medium=email");
    await visitHome(new TestBrowser(), "?variant=current&utm_source=news");
    expect(await rowCounts()).toEqual(before);

    // A visitor with a flow (and so a session row) changes nothing by visiting either.
    const returning = new TestBrowser();
    await startFlow(returning, "?variant=classic");
    const withFlow = await rowCounts();
    expect(withFlow).toMatchObject({ visitorSessions: 1, funnelRecords: 1 });
    const classic = await visitHome(returning, "?utm_source=other");
    expect(classic).toHaveStatus(200);
    expect(cookieOf(classic, "__session")).toBeUndefined();
    await visitHome(returning, "?variant=current&utm_source=other");
    expect(await rowCounts()).toEqual(withFlow);
  });
});

describe("the weight-loss chart, as the server renders it", () => {
  const html = renderToStaticMarkup(createElement(WeightLossChart, { data: weightLossData }));

  it("is one image named by its visible caption and described by a summary", () => {
    expect(html).toMatch(/<svg[^>]* role="img"[^>]* aria-labelledby="weight-chart-title"[^>]* aria-describedby="weight-chart-summary"/);
    expect(html).toContain(`<figcaption id="weight-chart-title" class="weight-chart-title">${weightLossChartTitle}</figcaption>`);
    expect(html).toMatch(/<p id="weight-chart-summary"[^>]*>From 555 at month 0 to 482 at month 3\./);
  });

  it("has a table with the same numbers, with headers for month and weight", () => {
    expect(html).toContain(`<table class="visually-hidden"><caption>${weightLossChartTitle}</caption>`);
    expect(html).toContain('<th scope="col">Month</th><th scope="col">Weight</th>');
    const rows = [...html.matchAll(/<tr><th scope="row">(\d+)<\/th><td>(\d+)<\/td><\/tr>/g)].map((m) => [m[1], m[2]]);
    expect(rows).toEqual([
      ["0", "555"],
      ["1", "530"],
      ["2", "504"],
      ["3", "482"],
    ]);
  });

  it("draws with no script and names no unit the data does not have", () => {
    expect(html).not.toMatch(/<script|\bon[a-z]+=/i);
    expect(html).not.toMatch(/\b(lbs?|kg|pounds?|kilo)/i);
    expect(html).not.toMatch(/ (fill|stroke)="#/);
  });
});

describe("the older variant's resource routes (spec section 7, other internal endpoints)", () => {
  it("GET /api/medications answers the two older sample medications in their own shape", async () => {
    const answer = await new TestBrowser().call(medicationsApi.loader, "/api/medications");
    expect(answer).toHaveStatus(200);
    expect(answer.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(answer.headers.get("Cache-Control")).toBe("public, max-age=300");
    expect(answer.data).toEqual([
      {
        id: 1,
        product_id: "semaglutide",
        name: "Semaglutide",
        dosage: "0.25 mg weekly injection",
        equivalent: "Same active ingredient as Ozempic® and Wegovy®",
        price: "199.00",
        inStock: true,
        recommended: true,
        image: "/medications/semaglutide.svg",
      },
      {
        id: 2,
        product_id: "tirzepatide",
        name: "Tirzepatide",
        dosage: "2.5 mg weekly injection",
        equivalent: "Same active ingredient as Mounjaro® and Zepbound®",
        price: "297.00",
        inStock: true,
        recommended: false,
        image: "/medications/tirzepatide.svg",
      },
    ]);
  });

  it("GET /api/weight-loss-data answers the milestones 555, 530, 504, 482 at months 0 to 3", async () => {
    const answer = await new TestBrowser().call(weightLossDataApi.loader, "/api/weight-loss-data");
    expect(answer).toHaveStatus(200);
    expect(answer.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(answer.headers.get("Cache-Control")).toBe("public, max-age=300");
    expect(answer.data).toEqual({
      id: 1,
      startWeight: 555,
      milestones: [
        { month: 0, weight: 555 },
        { month: 1, weight: 530 },
        { month: 2, weight: 504 },
        { month: 3, weight: 482 },
      ],
    });
  });

  it("GET /api/testimonials answers { testimonials } as /api/hrt-testimonials does, for nobody in particular", async () => {
    const answer = await new TestBrowser().call(testimonialsApi.loader, "/api/testimonials");
    expect(answer).toHaveStatus(200);
    expect(answer.headers.get("Cache-Control")).toBe("public, max-age=300");
    expect(answer.headers.get("Vary")).toBe("Cookie");
    expect(Object.keys(answer.data)).toEqual(["testimonials"]);
    expect(answer.data.testimonials).toHaveLength(4);
    expect(answer.data.testimonials[0]).toMatchObject({ name: "Karen M.", rating: 5 });
    expect(testimonialAsks).toEqual([testimonialsApi.defaultResponderUuid]);

    const responderUuid = crypto.randomUUID();
    const perFlow = await new TestBrowser().call(hrtTestimonialsApi.loader, `/api/hrt-testimonials/${responderUuid}`, {
      params: { responderUuid },
    });
    expect(answer.data).toEqual(perFlow.data);
  });

  it("GET /api/testimonials asks about the flow this browser started last, and saves nothing", async () => {
    const browser = new TestBrowser();
    const responderUuid = await startFlow(browser, "?variant=classic");
    const before = await rowCounts();
    const answer = await browser.call(testimonialsApi.loader, "/api/testimonials?utm_source=news");
    expect(answer).toHaveStatus(200);
    expect(answer.data.testimonials).toHaveLength(4);
    expect(testimonialAsks).toEqual([responderUuid]);
    expect(answer.headers.getSetCookie()).toEqual([]);
    expect(await rowCounts()).toEqual(before);
  });

  it.each([
    ["/api/medications", medicationsApi.action, "the medications"],
    ["/api/weight-loss-data", weightLossDataApi.action, "the weight-loss data"],
    ["/api/testimonials", testimonialsApi.action, "the testimonials"],
  ])("POST %s answers 405 with a JSON message and Allow: GET", async (path, action, what) => {
    const answer = await new TestBrowser().call(action, path, { body: "{}", contentType: "application/json" });
    expect(answer).toHaveStatus(405);
    expect(answer.headers.get("Allow")).toBe("GET");
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    expect(answer.data).toEqual({ message: `Use GET to read ${what}, not POST.` });
  });
});
