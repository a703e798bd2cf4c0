// The embedded provider: serves the catalogue and testimonials from our own database (seeded
// by migration 0002 with the spec's fallback data) and keeps what it receives there, so a
// fresh clone runs end to end with no network.
import { asc, eq, inArray } from "drizzle-orm";
import { fallbackCatalogue, type Catalogue, type MedicationCategory } from "../../funnel/catalogue";
import { testimonialsShown } from "../../funnel/testimonials";
import type { Database, Queryable } from "../db/client.server";
import { prepared, statementName } from "../db/prepared.server";
import { catalogueCategories, catalogueOptions, embeddedProviderReceipts, testimonials } from "../db/schema.server";
import { checkEmbeddedPromoCode } from "./embedded-promo.server";
import { standInAnswer, type Provider } from "./provider.server";

export interface EmbeddedProviderSettings {
  /** The booking page she is sent to after payment; /thank-you when unset. */
  bookingUrl?: string;
}

// Asked again each time the catalogue cache's answer has lived its time: built once.
const catalogueRows = (db: Database) =>
  db
    .select({ category: catalogueCategories, option: catalogueOptions })
    .from(catalogueOptions)
    .innerJoin(catalogueCategories, eq(catalogueOptions.category, catalogueCategories.category))
    .orderBy(asc(catalogueCategories.sortOrder), asc(catalogueOptions.sortOrder), asc(catalogueOptions.id))
    .prepare(statementName(db, "embedded_catalogue"));

export function embeddedProvider(db: Database, settings: EmbeddedProviderSettings = {}): Provider {
  async function keep(kind: string, responderUuid: string, body: Record<string, unknown>, idempotencyKey: string) {
    await db
      .insert(embeddedProviderReceipts)
      .values({ idempotencyKey, kind, responderUuid, body })
      .onConflictDoNothing({ target: embeddedProviderReceipts.idempotencyKey });
  }

  return {
    // The same catalogue and testimonials for every responder: the uuid is there for the provider's API.
    sameAnswersForEveryone: true,
    postSalesFunnelRecord: (body, idempotencyKey) => keep("sales-funnel", body.responder_uuid, { ...body }, idempotencyKey),

    async getMedications() {
      // Each option with its category, in one round trip, in the catalogue's order; a category
      // without options is not offered.
      const rows = await prepared(db, catalogueRows).execute();
      const byCategory = new Map<string, MedicationCategory>();
      for (const { category, option } of rows) {
        let offered = byCategory.get(category.category);
        if (!offered) {
          offered = { name: category.name, category: category.category, description: category.description, options: [] };
          byCategory.set(category.category, offered);
        }
        offered.options.push({
          id: option.id,
          name: option.name,
          image: option.image,
          is_default: option.isDefault,
          product_id: option.productId,
          monthly_price: option.monthlyPrice,
          quarterly_price: option.quarterlyPrice,
          half_yearly_price: option.halfYearlyPrice,
          yearly_price: option.yearlyPrice,
          ...(option.unavailableStates.length > 0 ? { unavailable_states: option.unavailableStates } : {}),
        });
      }
      const catalogue: Catalogue = [...byCategory.values()];
      // Emptied tables behave as a provider with nothing to say: the fallback, as in section 7.
      return catalogue.length > 0 ? catalogue : standInAnswer(fallbackCatalogue);
    },

    async getTestimonials() {
      const rows = await db.select().from(testimonials).orderBy(asc(testimonials.sortOrder)).limit(testimonialsShown);
      return rows.map(({ id, name, quote, image, beforeImage, afterImage, rating }) => ({
        id,
        name,
        quote,
        image,
        beforeImage,
        afterImage,
        rating,
      }));
    },

    saveProductSelection: (responderUuid, body, idempotencyKey) =>
      keep("save-product-selection", responderUuid, { ...body }, idempotencyKey),

    savePreCheckout: (responderUuid, body, idempotencyKey) => keep("save-pre-checkout", responderUuid, { ...body }, idempotencyKey),

    checkPromoCode: (code, priceInCents) => checkEmbeddedPromoCode(db, code, priceInCents),

    reportOrderEvent: (body, idempotencyKey) => keep("order-event", body.responder_uuid, { ...body }, idempotencyKey),

    // The order is kept; she goes to the booking page when there is one (spec section 2,
    // "External destinations"), else to our thank-you page.
    async preAuthCheckout(body, idempotencyKey) {
      await keep("pre-auth-checkout", body.metadata.responder_uuid, { ...body }, idempotencyKey);
      return settings.bookingUrl
        ? { redirect_url: settings.bookingUrl, redirect_type: "appointment" }
        : { redirect_url: "/thank-you", redirect_type: "other" };
    },
  };
}

/**
 * Forgets what the embedded provider received for abandoned flows (their details and answers
 * were in it), in the caller's transaction: the stand-in keeps no more of her than we do. How
 * many receipts went.
 */
export async function forgetEmbeddedReceipts(tx: Queryable, responderUuids: string[]): Promise<number> {
  if (responderUuids.length === 0) return 0;
  const deleted = await tx
    .delete(embeddedProviderReceipts)
    .where(inArray(embeddedProviderReceipts.responderUuid, responderUuids))
    .returning({ id: embeddedProviderReceipts.id });
  return deleted.length;
}
