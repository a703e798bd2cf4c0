// Chooses the provider by configuration: the HTTP API when PROVIDER_BASE_URL is set,
// otherwise the embedded one.
import { config, type Settings } from "../config.server";
import { database, type Database } from "../db/client.server";
import { embeddedProvider } from "./embedded.server";
import { httpProvider } from "./http.server";
import type { Provider } from "./provider.server";

export type { Provider } from "./provider.server";

/** The provider last made, and what it was made from: the same settings and database, the same provider. */
let made: { settings: Settings; db: Database | undefined; provider: Provider } | undefined;

/** The configured provider: made once for the process's settings and database, not per call. */
export async function provider(): Promise<Provider> {
  const settings = config();
  const db = settings.PROVIDER_BASE_URL ? undefined : await database();
  if (made?.settings !== settings || made.db !== db) made = { settings, db, provider: providerOf(settings, db) };
  return made.provider;
}

/** No database: PROVIDER_BASE_URL is set (provider() asks for one only without it). */
function providerOf(settings: Settings, db: Database | undefined): Provider {
  if (!db) {
    return httpProvider({
      baseUrl: settings.PROVIDER_BASE_URL!,
      token: settings.PROVIDER_TOKEN,
      salesPath: settings.PROVIDER_SALES_PATH,
      saveProductSelectionPath: settings.PROVIDER_SAVE_PRODUCT_SELECTION_PATH,
      savePreCheckoutPath: settings.PROVIDER_SAVE_PRE_CHECKOUT_PATH,
      checkDiscountPath: settings.PROVIDER_CHECK_DISCOUNT_PATH,
      preAuthCheckoutPath: settings.PROVIDER_PRE_AUTH_CHECKOUT_PATH,
      orderEventsPath: settings.PROVIDER_ORDER_EVENTS_PATH,
      medicationsPath: settings.PROVIDER_MEDICATIONS_PATH,
      testimonialsPath: settings.PROVIDER_TESTIMONIALS_PATH,
    });
  }
  return embeddedProvider(db, { bookingUrl: settings.BOOKING_URL });
}
