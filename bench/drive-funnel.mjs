// Driving the funnel as a browser without JavaScript would: a new visitor from /welcome to the
// final checkout (forms posted, 303s followed by hand), and her COMPLETE PURCHASE.
import { Browser } from "./browser.mjs";

const card = { cardNumber: "4242 4242 4242 4242", expiry: "12/30", securityCode: "123" };
const shipping = { addressLine1: "1 Main Street", zipCode: "10001", state: "NY", city: "New York" };
/** She ticks the subscription agreement herself: it starts unticked. */
const agreement = { subscriptionAgreement: true };

export function expectRedirect(answer, pathPrefix) {
  const target = answer.location ? new URL(answer.location) : undefined;
  if (answer.status !== 303 || !target?.pathname.startsWith(pathPrefix)) {
    const problem = answer.text.match(/<title>([^<]*)<\/title>/)?.[1] ?? answer.text.slice(0, 200);
    throw new Error(
      `POST ${new URL(answer.url).pathname}: expected 303 to ${pathPrefix}…, got ${answer.status} ${answer.location ?? ""} (${problem})`,
    );
  }
  return answer.location;
}

const uuidOf = (url) => new URL(url).pathname.split("/").at(-1);

/** The buttons the walk presses, as the English pages name them. */
export const englishButtons = {
  welcome: "Tell me more",
  concerns: "Show me how this could work",
  socialProof: "Find Out if HRT is Right for Me",
  addToPlan: "ADD TO PLAN",
  preCheckout: "CONTINUE TO CHECKOUT",
  completePurchase: "COMPLETE PURCHASE",
};

/**
 * A new visitor from /welcome through the questionnaire to her plan (Patch), her details and
 * the final checkout page; `visit` sees each screen as it is shown. Stops at the selection
 * page when `upTo` is "checkout". In Spanish: `{ lang: "es", buttons: spanishButtons }` (her
 * session keeps the language after the first page).
 */
export async function walkFunnel(origin, { email, upTo = "final-checkout", visit = async () => {}, lang, buttons = englishButtons }) {
  const browser = new Browser(origin);
  const welcome = await browser.open(lang ? `/welcome?lang=${lang}` : "/welcome");
  await visit("/welcome", welcome, browser);
  let next = expectRedirect(await browser.press(welcome, buttons.welcome, { reason: "nothing_else_has_helped" }), "/concerns/");
  const uuid = uuidOf(next);
  const concerns = await browser.open(next);
  await visit("/concerns/{uuid}", concerns, browser);
  next = expectRedirect(await browser.press(concerns, buttons.concerns, { concern: "im_worried_about_the_cost" }), "/social-proof/");
  const socialProof = await browser.open(next);
  await visit("/social-proof/{uuid}", socialProof, browser);
  // The intake address is, by default, this site's selection page.
  next = expectRedirect(await browser.press(socialProof, buttons.socialProof, { email }), `/checkout/${uuid}`);
  let selection = await browser.open(next);
  await visit("/checkout/{uuid}", selection, browser);
  if (upTo === "checkout") return { browser, uuid };
  selection = await browser.open(expectRedirect(await browser.press(selection, { name: "optionId", value: "patch" }), `/checkout/${uuid}`));
  const preCheckout = await browser.open(expectRedirect(await browser.press(selection, buttons.addToPlan), `/pre-checkout/${uuid}`));
  await visit("/pre-checkout/{uuid}", preCheckout, browser);
  next = expectRedirect(
    await browser.press(preCheckout, buttons.preCheckout, { firstName: "Bench", lastName: "Mark", phone: "(212) 555-0123" }),
    `/final-checkout/${uuid}`,
  );
  const finalCheckout = await browser.open(next);
  if (finalCheckout.status !== 200) throw new Error(`/final-checkout answered ${finalCheckout.status}`);
  await visit("/final-checkout/{uuid}", finalCheckout, browser);
  return { browser, uuid, finalCheckout };
}

export const completePurchase = (browser, finalCheckout, buttons = englishButtons) =>
  browser.press(finalCheckout, buttons.completePurchase, { ...shipping, ...card, ...agreement });

/** COMPLETE PURCHASE read from the page now, sent when called. */
export const completingPurchase = (browser, finalCheckout) =>
  browser.pressing(finalCheckout, englishButtons.completePurchase, { ...shipping, ...card, ...agreement });

/** Runs tasks with at most `limit` at a time; results in order. */
export async function pool(count, limit, task) {
  const results = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      results[i] = await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
  return results;
}
