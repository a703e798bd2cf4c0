// Chooses the provider by configuration: the HTTP API when PROVIDER_BASE_URL is set,
// otherwise the embedded one.
import { config } from "../config.server";
import { database } from "../db/client.server";
import { embeddedProvider } from "./embedded.server";
import { httpProvider } from "./http.server";
import type { Provider } from "./provider.server";

export type { Provider } from "./provider.server";

export async function provider(): Promise<Provider> {
  const settings = config();
  if (settings.PROVIDER_BASE_URL) {
    return httpProvider({
      baseUrl: settings.PROVIDER_BASE_URL,
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
  return embeddedProvider(await database(), { bookingUrl: settings.BOOKING_URL });
}
