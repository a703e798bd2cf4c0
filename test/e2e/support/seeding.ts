// Starting a visitor at a later step of the funnel without clicking through the ones before,
// as Epic Stack's `login` fixture starts a test with a user logged in. No backdoor: she
// arrives the way the product already lets people arrive mid-funnel, with a secure token
// (spec section 5) signed with the secret the e2e apps run with. A good token makes its uuid
// this browser's, fills in her details and keeps its products and plan for the final checkout.
// Imports only types from funnel.ts, which imports fixtures.ts, which imports this file.
import { randomUUID } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { aPerson } from "../../support/factories";
import { signedToken, testTokenSecret } from "../../support/tokens";
import type { Visitor } from "./funnel";

export type SeededStep = "selection" | "pre-checkout" | "final-checkout";

export interface Seed {
  /** Her details as the token carries them; a token needs an email, the rest may be left out. */
  details?: Partial<Visitor> & { email: string };
  /** The product ids in her cart, in the order the selection page lists them. */
  products?: string[];
  /** selected_plan: "monthly", "quarterly", "6_month" or "yearly". */
  plan?: string;
  /** Tracking params she arrives with (e.g. "?referral_code=friend"); kept for her session. */
  query?: string;
  /** Forces the A/B variant; her flow takes it at its first write and keeps it. */
  variant?: "current" | "classic";
}

export const seededVisitor: Visitor = aPerson({ email: "jane.seeded@example.org" });

/**
 * What a click on Patch and ADD TO PLAN put in her cart: Patch beside the default Pill, on the
 * default (quarterly) plan, so that a seeded cart costs what a clicked one did ($399.00).
 */
export const patchPlan = { products: ["patch", "progesterone_pill"], plan: "quarterly" } as const;

/** The toast a token arrival shows on each step (app/funnel/toasts.ts). */
const arrivalToasts = { "pre-checkout": "Details Loaded", "final-checkout": "Account Found" } as const;

/**
 * Puts a new visitor at the step, with her details saved and her cart filled, and returns her
 * flow's uuid. The page is then at /{step}/{uuid} with the seed's query (the token gone), as
 * if she had come there by the buttons, but with the arrival's toast above the form (checked,
 * and left open: see below). "selection" is a fresh /checkout/{uuid}:
 * the flow is claimed by her first click there, as in the product.
 */
export async function seedVisitor(page: Page, step: SeededStep, seed: Seed = {}): Promise<string> {
  const responderUuid = randomUUID();
  const params = new URLSearchParams(seed.query ?? "");
  if (seed.variant) params.set("variant", seed.variant);
  const kept = params.toString();
  if (step === "selection") {
    await page.goto(`/checkout/${responderUuid}${kept ? `?${kept}` : ""}`);
    return responderUuid;
  }

  const details = seed.details ?? seededVisitor;
  const token = await signedToken(
    {
      responder_uuid: responderUuid,
      firstName: details.firstName,
      lastName: details.lastName,
      email: details.email,
      phone: details.phone,
      product_id: seed.products ?? [...patchPlan.products],
      selected_plan: seed.plan ?? patchPlan.plan,
    },
    testTokenSecret,
  );
  params.set("st", token);
  await page.goto(`/${step}/${responderUuid}?${params}`);
  await expect(page).toHaveURL((url) => url.pathname === `/${step}/${responderUuid}` && url.search === (kept ? `?${kept}` : ""));
  // The toast says the token was read: a refused one would say Token Error and seed nothing.
  // It is left open: it sits in the page's flow above the form (covering nothing) and goes
  // with the next page or the next toast. Dismissing it would not be harmless: with
  // JavaScript, the next toast (Missing Information) reuses the closed <dialog> and stays hidden.
  await expect(page.getByRole("dialog", { name: arrivalToasts[step] })).toBeVisible();
  return responderUuid;
}
