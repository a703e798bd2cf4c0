// The provider side of the selection page: the catalogue and testimonials from the embedded
// provider (our database) and from the HTTP provider (MSW stand-in), the 5-minute cache, the
// product selection through the outbox, and the resource routes for other clients.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { log } from "../../app/server/log.server";
import { fallbackCatalogue } from "../../app/funnel/catalogue";
import { productSelectionBody } from "../../app/funnel/product-selection";
import * as medicationsRoute from "../../app/routes/api.hrt-medications.$responderUuid";
import * as testimonialsRoute from "../../app/routes/api.hrt-testimonials.$responderUuid";
import {
  answerLifetimeMs,
  catalogueSource,
  clearProviderCaches,
  standInLifetimeMs,
} from "../../app/server/provider/catalogue-cache.server";
import { database } from "../../app/server/db/client.server";
import { catalogueOptions, embeddedProviderReceipts, outboxMessages } from "../../app/server/db/schema.server";
import { enqueueLatestSave } from "../../app/server/db/stores/outbox.server";
import { deliverDueOutboxMessages } from "../../app/server/outbox/delivery.server";
import { embeddedProvider } from "../../app/server/provider/embedded.server";
import { httpProvider } from "../../app/server/provider/http.server";
import { provider } from "../../app/server/provider/index.server";
import {
  medicationsPath,
  providerBaseUrl,
  providerPaths,
  useProviderStandIn,
  saveProductSelectionPath,
  testimonialsPath,
} from "../mocks/provider";
import { resetDatabase, TestBrowser } from "../support/route-harness";

/** What the embedded provider's tables hold: the fallback, the Cream unavailable in two states (migration 0009). */
const seededCatalogue = fallbackCatalogue.map((category) => ({
  ...category,
  options: category.options.map((option) =>
    option.id === "vaginal_estrogen_cream" ? { ...option, unavailable_states: ["MS", "AR"] } : option,
  ),
}));

const standIn = useProviderStandIn();
const http = httpProvider({ baseUrl: providerBaseUrl, token: "secret-token", ...providerPaths, timeoutMs: 2_000 });

/** The provider's option as it sends it: one price as text, two plans' prices left out. */
const spray = {
  id: "spray",
  name: "Spray",
  image: "https://cdn.provider.test/spray.png",
  is_default: true,
  product_id: "estradiol_spray",
  monthly_price: "99.00",
  quarterly_price: 279,
};
const estrogen = { name: "Estrogen", category: "systemic_estrogen", description: "From the provider." };
const providerCatalogue = [
  { ...estrogen, options: [spray] },
  { name: "Weight loss", category: "weight_loss", description: "Not ours.", options: [] },
];

const someTestimonials = [
  { id: 1, name: "Ann K.", quote: "Calm and clear.", rating: 5 },
  { id: 2, name: "Beth L.", quote: "I sleep again.", rating: 5 },
];

let warnings: ReturnType<typeof vi.spyOn>;

beforeEach(async () => {
  await resetDatabase();
  clearProviderCaches();
  warnings = vi.spyOn(log, "warn").mockImplementation(() => {});
});
afterEach(() => {
  standIn.releaseHeld();
  warnings.mockRestore();
});

async function embedded() {
  return embeddedProvider(await database());
}

describe("embedded provider", () => {
  it("serves the seeded catalogue: the spec's fallback catalogue, with where the Cream cannot be shipped", async () => {
    expect(await (await embedded()).getMedications(randomUUID())).toEqual(seededCatalogue);
  });

  it("falls back to the built-in catalogue when its tables are empty", async () => {
    let whileEmpty: unknown;
    // Emptied inside a transaction that is rolled back, so the seed stays for other tests.
    await (
      await database()
    )
      .transaction(async (tx) => {
        await tx.delete(catalogueOptions);
        whileEmpty = await embeddedProvider(tx).getMedications(randomUUID());
        tx.rollback();
      })
      .catch(() => undefined);
    expect(whileEmpty).toBe(fallbackCatalogue);
    expect(await (await embedded()).getMedications(randomUUID())).toEqual(seededCatalogue);
  });

  it("serves four five-star testimonials", async () => {
    const testimonials = await (await embedded()).getTestimonials(randomUUID());
    expect(testimonials).toHaveLength(4);
    expect(testimonials.every((t) => t.rating === 5 && t.name !== "" && t.quote !== "")).toBe(true);
    expect(new Set(testimonials.map((t) => t.id)).size).toBe(4);
  });

  it("keeps a product selection once per idempotency key", async () => {
    const provider = await embedded();
    const responderUuid = randomUUID();
    const body = productSelectionBody([{ name: "Gel", selected_price: 399 }], "quarterly");
    await provider.saveProductSelection(responderUuid, body, "key-1");
    await provider.saveProductSelection(responderUuid, body, "key-1");
    const receipts = await (await database()).select().from(embeddedProviderReceipts);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ kind: "save-product-selection", responderUuid, body });
  });
});

describe("HTTP provider", () => {
  it("uses a good catalogue, read into ours, asked with the bearer", async () => {
    standIn.medications = { json: providerCatalogue };
    const responderUuid = randomUUID();
    const catalogue = await http.getMedications(responderUuid);
    // Its prices as numbers, the missing plans' null; the category that is not ours left out.
    expect(catalogue).toEqual([{ ...estrogen, options: [{ ...spray, monthly_price: 99, half_yearly_price: null, yearly_price: null }] }]);
    expect(standIn.gets).toEqual([{ path: `${medicationsPath}/${responderUuid}`, authorization: "Bearer secret-token" }]);
  });

  it("falls back to the built-in catalogue on a 500, and says so without the uuid", async () => {
    standIn.medications = { status: 500, json: { message: "down" } };
    const responderUuid = randomUUID();
    expect(await http.getMedications(responderUuid)).toBe(fallbackCatalogue);
    expect(warnings).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(warnings.mock.calls[0])).toContain(`GET ${medicationsPath}/{uuid} answered 500`);
    expect(JSON.stringify(warnings.mock.calls[0])).not.toContain(responderUuid);
  });

  it("falls back on malformed JSON, on an answer with nothing to show, and on a refused connection", async () => {
    standIn.medications = { text: '[{"name": "Estrogen", ' };
    expect(await http.getMedications(randomUUID())).toBe(fallbackCatalogue);
    standIn.medications = { json: { categories: providerCatalogue } };
    expect(await http.getMedications(randomUUID())).toBe(fallbackCatalogue);
    standIn.mode = "refusing";
    expect(await http.getMedications(randomUUID())).toBe(fallbackCatalogue);
  });

  it("reads testimonials given as an array and as an object", async () => {
    standIn.testimonials = { json: someTestimonials };
    const asArray = await http.getTestimonials(randomUUID());
    standIn.testimonials = { json: { testimonials: someTestimonials } };
    const asObject = await http.getTestimonials(randomUUID());
    expect(asArray.map((t) => t.name)).toEqual(["Ann K.", "Beth L."]);
    expect(asObject).toEqual(asArray);
    expect(standIn.gets[0]!.path).toMatch(new RegExp(`^${testimonialsPath}/`));
  });

  it("answers no testimonials on an error", async () => {
    standIn.testimonials = { status: 503, json: someTestimonials };
    expect(await http.getTestimonials(randomUUID())).toEqual([]);
  });

  // The provider would answer after 10 s; the test's own limit is 5 s, so it passes only if
  // the call gives up on its short time limit (1.5 s by default).
  it("gives up on slow testimonials well before the provider answers", { timeout: 5_000 }, async () => {
    standIn.testimonials = { json: someTestimonials, delayMs: 10_000 };
    expect(await http.getTestimonials(randomUUID())).toEqual([]);
    expect(JSON.stringify(warnings.mock.calls[0])).toContain("TimeoutError");
  });
});

describe("cache of the selection page's answers", () => {
  function cachedHttp() {
    let now = 1_000_000;
    const source = catalogueSource({ provider: async () => http, now: () => now });
    return { source, advance: (ms: number) => (now += ms) };
  }

  it("asks the provider once per uuid in 5 minutes, then again", async () => {
    standIn.medications = { json: providerCatalogue };
    standIn.testimonials = { json: someTestimonials };
    const { source, advance } = cachedHttp();
    const responderUuid = randomUUID();

    const first = await source.medicationsFor(responderUuid);
    await source.testimonialsFor(responderUuid);
    advance(answerLifetimeMs - 1);
    expect(await source.medicationsFor(responderUuid)).toBe(first);
    await source.testimonialsFor(responderUuid);
    expect(standIn.gets).toHaveLength(2);

    advance(1);
    await source.medicationsFor(responderUuid);
    await source.testimonialsFor(responderUuid);
    expect(standIn.gets).toHaveLength(4);

    await source.medicationsFor(randomUUID());
    expect(standIn.gets).toHaveLength(5);
  });

  it("keeps a fallback for 30 seconds only", async () => {
    standIn.mode = "failing";
    const { source, advance } = cachedHttp();
    const responderUuid = randomUUID();
    expect(await source.medicationsFor(responderUuid)).toBe(fallbackCatalogue);
    advance(standInLifetimeMs - 1);
    await source.medicationsFor(responderUuid);
    expect(standIn.gets).toHaveLength(1);

    standIn.mode = "up";
    standIn.medications = { json: providerCatalogue };
    advance(1);
    expect((await source.medicationsFor(responderUuid))[0]!.options[0]!.id).toBe("spray");
    expect(standIn.gets).toHaveLength(2);
  });

  it("shares one call between concurrent asks for the same uuid", async () => {
    standIn.medications = { json: providerCatalogue, delayMs: 50 };
    const { source } = cachedHttp();
    const responderUuid = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => source.medicationsFor(responderUuid)));
    expect(new Set(answers).size).toBe(1);
    expect(standIn.gets).toHaveLength(1);
  });

  it("keeps at most its bound, letting the oldest go", async () => {
    standIn.medications = { json: providerCatalogue };
    const source = catalogueSource({ provider: async () => http, maxEntries: 2 });
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    for (const uuid of [a, b, c]) await source.medicationsFor(uuid);
    expect(source.size).toBe(2);
    await source.medicationsFor(c);
    await source.medicationsFor(b);
    expect(standIn.gets).toHaveLength(3);
    await source.medicationsFor(a);
    expect(standIn.gets).toHaveLength(4);
  });

  it("is made once for the process's settings and database, not at every ask", async () => {
    expect(await provider()).toBe(await provider());
  });

  it("asks once for every uuid where the provider's answers are the same for everyone (the embedded provider's)", async () => {
    const db = await database();
    const embedded = embeddedProvider(db);
    expect(embedded.sameAnswersForEveryone).toBe(true);
    const asked = { medications: 0, testimonials: 0 };
    const counted = {
      ...embedded,
      getMedications: (uuid: string) => ((asked.medications += 1), embedded.getMedications(uuid)),
      getTestimonials: (uuid: string) => ((asked.testimonials += 1), embedded.getTestimonials(uuid)),
    };
    let now = 1_000_000;
    const source = catalogueSource({ provider: async () => counted, now: () => now });
    const first = await source.medicationsFor(randomUUID());
    expect(first).toEqual(await embedded.getMedications(randomUUID()));
    expect(await source.medicationsFor(randomUUID())).toBe(first);
    await source.testimonialsFor(randomUUID());
    await source.testimonialsFor(randomUUID());
    expect(asked).toEqual({ medications: 1, testimonials: 1 });
    // Its time lived, or forgotten (the catalogue tables changed): asked again.
    now += answerLifetimeMs;
    await source.medicationsFor(randomUUID());
    source.clear();
    await source.medicationsFor(randomUUID());
    expect(asked.medications).toBe(3);
  });

  it("falls back when the provider itself cannot be had", async () => {
    const source = catalogueSource({
      provider: () => Promise.reject(new Error("database down")),
    });
    expect(await source.medicationsFor(randomUUID())).toBe(fallbackCatalogue);
    expect(await source.testimonialsFor(randomUUID())).toEqual([]);
  });
});

describe("save-product-selection through the outbox", () => {
  const quarterlyPatch = productSelectionBody(
    [
      { name: "Patch", selected_price: 399 },
      { name: "Pill", selected_price: 0 },
    ],
    "quarterly",
  );

  async function addToPlan(responderUuid: string, body = quarterlyPatch, savedAt = new Date()) {
    const db = await database();
    await db.transaction((tx) => enqueueLatestSave(tx, "save-product-selection", responderUuid, body, savedAt));
  }

  it("posts the body to the path + /{uuid} with the bearer and the message's Idempotency-Key", async () => {
    const responderUuid = randomUUID();
    await addToPlan(responderUuid);
    const [message] = await (await database()).select().from(outboxMessages);
    expect(message!.kind).toBe("save-product-selection");

    expect(await deliverDueOutboxMessages(http)).toEqual({ delivered: 1, failed: 0 });
    expect(standIn.requests).toEqual([
      {
        path: `${saveProductSelectionPath}/${responderUuid}`,
        idempotencyKey: message!.idempotencyKey,
        authorization: "Bearer secret-token",
        body: { product_name: ["Patch", "Pill"], price: "399", selected_plan: "quarterly" },
      },
    ]);
  });

  it("keeps it pending while the provider answers 500, naming no uuid in the error", async () => {
    standIn.mode = "failing";
    const responderUuid = randomUUID();
    await addToPlan(responderUuid);
    expect(await deliverDueOutboxMessages(http)).toEqual({ delivered: 0, failed: 1 });
    const [message] = await (await database()).select().from(outboxMessages);
    expect(message).toMatchObject({
      status: "pending",
      lastError: `POST ${saveProductSelectionPath}/{uuid} answered 500`,
    });
  });

  it("lets a newer save replace one not yet delivered, and sends a repeated choice again", async () => {
    const responderUuid = randomUUID();
    const other = randomUUID();
    const yearlyGel = productSelectionBody([{ name: "Gel", selected_price: 1400 }], "yearly");
    await addToPlan(other);
    await addToPlan(responderUuid, quarterlyPatch, new Date(1_000));
    await addToPlan(responderUuid, yearlyGel, new Date(2_000));
    expect(await deliverDueOutboxMessages(http)).toEqual({ delivered: 2, failed: 0 });
    expect(standIn.requests.map((r) => [r.path.split("/").pop(), r.body.selected_plan])).toEqual([
      [other, "quarterly"],
      [responderUuid, "yearly"],
    ]);

    // Back to the first choice after delivery: a new message, not taken for the old one.
    await addToPlan(responderUuid, quarterlyPatch, new Date(3_000));
    expect(await deliverDueOutboxMessages(http)).toEqual({ delivered: 1, failed: 0 });
    expect(standIn.requests.at(-1)!.body.selected_plan).toBe("quarterly");
  });

  it("is kept by the embedded provider as a receipt", async () => {
    const responderUuid = randomUUID();
    await addToPlan(responderUuid);
    expect(await deliverDueOutboxMessages(await embedded())).toEqual({ delivered: 1, failed: 0 });
    const receipts = await (
      await database()
    )
      .select()
      .from(embeddedProviderReceipts)
      .where(eq(embeddedProviderReceipts.responderUuid, responderUuid));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ kind: "save-product-selection", body: quarterlyPatch });
  });
});

describe("resource routes for other clients (spec section 7)", () => {
  it("GET /api/hrt-medications/{uuid} answers the catalogue as a list of categories", async () => {
    const responderUuid = randomUUID();
    const answer = await new TestBrowser().call(medicationsRoute.loader, `/api/hrt-medications/${responderUuid}`, {
      params: { responderUuid },
    });
    expect(answer).toHaveStatus(200);
    expect(answer.data).toEqual(seededCatalogue);
    expect(answer.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(answer.headers.get("Cache-Control")).toBe("public, max-age=300");
  });

  it("GET /api/hrt-testimonials/{uuid} answers { testimonials }", async () => {
    const responderUuid = randomUUID();
    const answer = await new TestBrowser().call(testimonialsRoute.loader, `/api/hrt-testimonials/${responderUuid}`, {
      params: { responderUuid },
    });
    expect(answer).toHaveStatus(200);
    expect(answer.data.testimonials).toHaveLength(4);
    expect(answer.data.testimonials[0]).toMatchObject({ name: "Karen M.", rating: 5 });
  });

  it("answers 404 with a message for a malformed uuid", async () => {
    for (const route of [medicationsRoute, testimonialsRoute]) {
      for (const responderUuid of ["not-a-uuid", "' or 1=1 --", ""]) {
        const answer = await new TestBrowser().call(route.loader, `/api/x/${encodeURIComponent(responderUuid)}`, {
          params: { responderUuid },
        });
        expect(answer).toHaveStatus(404);
        expect(answer.data).toEqual({ message: "Not found" });
      }
    }
  });
});
