// GET /api/check-promo-code/{code}/{price_in_cents} (spec section 7): is this code good for
// this price? Answers { valid, adjusted_price, discount_amount, message } in cents, decided as
// the final checkout page decides it (checkout/promo-code.server.ts). It only answers: no cart
// is changed. Guessing codes is slow: each visitor has rateLimits.promoCheck checks per window.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { normalisePromoCode } from "../funnel/promo";
import { checkPromoCode } from "../server/checkout/promo-code.server";
import { retryAfter } from "../server/http/form-refusal.server";
import { jsonAnswer } from "../server/http/json-answer.server";
import { visitorRateKey } from "../server/http/rate-limits.server";
import { Visitor } from "../server/visitor/visitor.server";

/** Well above any plan: a larger "price" is a mistake or a probe. */
const maxPriceInCents = 10_000_000;

const badCode = "The promo code must be 1 to 40 letters, digits, - or _.";
const badPrice = `The price must be a whole number of cents from 0 to ${maxPriceInCents}.`;

function readPrice(raw: string | undefined): number | undefined {
  if (raw === undefined || !/^\d{1,8}$/.test(raw)) return undefined;
  const price = Number(raw);
  return price <= maxPriceInCents ? price : undefined;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const code = normalisePromoCode(params.code);
  if (!code) return jsonAnswer(400, { valid: false, message: badCode });
  const price = readPrice(params.priceInCents);
  if (price === undefined) return jsonAnswer(400, { valid: false, message: badPrice });

  const visitor = await Visitor.open(request);
  // Without a session a caller is counted by her address: guessing without cookies is no faster.
  const check = await checkPromoCode({ request, visitorKey: visitorRateKey(visitor, request) }, code, price, visitor.currentUuid ?? "");
  if (check.kind === "too_many_attempts") {
    return jsonAnswer(429, { valid: false, message: check.message }, retryAfter(check.retryAfterSeconds));
  }
  const { outcome } = check;
  const body = outcome.applied
    ? { valid: true, adjusted_price: outcome.adjustedCents, discount_amount: outcome.discountCents, message: outcome.message }
    : { valid: false, adjusted_price: price, discount_amount: 0, message: outcome.message };
  // The provider could not say (and no fallback applied): a failure the caller may retry,
  // with the section 8 message all the same.
  return jsonAnswer(check.answered ? 200 : 503, body, await visitor.headers());
}

export async function action({ request }: ActionFunctionArgs) {
  return jsonAnswer(405, { valid: false, message: `Use GET to check a promo code, not ${request.method}.` }, { Allow: "GET" });
}
