// Arrival with `st` or `token` (spec sections 4 and 5): a good token fills her empty fields and
// makes its uuid this browser's; either way the token leaves the address (no history, no
// Referer). Over rateLimits.tokenRead it is not read. It opens her flow in the first browser
// only; any other (a forwarded email, a mail scanner) is refused as for an unreadable token.
import { waitInMinutes } from "../../funnel/rate-limits";
import type { ToastCode } from "../../funnel/toasts";
import { claimUnstartedFlow, searchWithout, type CheckoutStep } from "./checkout-flow.server";
import { database } from "../db/client.server";
import { saveTokenProducts } from "../db/stores/order-products.server";
import { claimSecureTokenUse } from "../db/stores/secure-token-uses.server";
import { fillEmptyDetails } from "../db/stores/personal-details.server";
import { countHit, rateLimits, visitorRateKey } from "../http/rate-limits.server";
import { refusePage } from "../http/page-refusal.server";
import { flashToast } from "../visitor/toast.server";
import { retryAfter } from "../http/form-refusal.server";
import { keyedHash } from "../secrets/signed-link.server";
import { configuredTokenKeys, readToken, type TokenUse } from "./tokens.server";
import type { Visitor } from "../visitor/visitor.server";
import { log } from "../log.server";

/**
 * A legacy token never expires: its first use is kept as long as a visitor session, the longest
 * its browser can be told apart; after that it opens only a flow nobody has started.
 */
const legacyUseKeptMs = 30 * 24 * 60 * 60 * 1000;

export const tokenParamNames = ["st", "token"] as const;

export function tokenOf(request: Request): string | null {
  const search = new URL(request.url).searchParams;
  return search.get("st") || search.get("token") || null;
}

type ArrivalStep = Extract<CheckoutStep, "pre-checkout" | "final-checkout">;

/** Spec section 8: on the final checkout a refusal adds the support hint. */
const arrivalToasts: Record<ArrivalStep, { loaded: ToastCode; refused: ToastCode }> = {
  "pre-checkout": { loaded: "details-loaded", refused: "token-error" },
  "final-checkout": { loaded: "account-found", refused: "token-error-support" },
};

/** Null without a token. The path's uuid stays when this browser owns it (the token sets it only when there is none). */
export async function arriveWithToken(
  visitor: Visitor,
  request: Request,
  pathUuid: string | undefined,
  step: ArrivalStep,
): Promise<Response | null> {
  const token = tokenOf(request);
  if (token === null) return null;
  const rest = searchWithout(request, ...tokenParamNames);
  const here = `${new URL(request.url).pathname}${rest}`;
  const toasts = arrivalToasts[step];
  const refuse = async (refusal: string) => {
    log.warn({ refusal }, "token refused");
    return visitor.redirect(here, { "Set-Cookie": await flashToast(toasts.refused) });
  };
  const wait = await countHit(request, visitorRateKey(visitor, request), rateLimits.tokenRead);
  if (wait > 0) await refuseTooManyTokenReads(visitor, here, wait);
  const reading = await readToken(token, configuredTokenKeys());
  if (!reading.ok) return refuse(reading.refusal);
  const ownedPathUuid = visitor.ownedUuid(pathUuid);
  const tokenUuid = reading.details.responderUuid;
  // The legacy form is not signed: anyone who knows its key can write one. It may start a flow
  // or fill in this browser's own, never open a flow somebody else has started.
  if (reading.form === "legacy" && !visitor.ownedUuid(tokenUuid) && !(await claimUnstartedFlow(tokenUuid))) {
    return refuse("legacy-for-started-flow");
  }
  if (!(await claimTokenUse(visitor, reading.use))) return refuse("used-in-another-browser");
  visitor.claim(tokenUuid);
  const responderUuid = ownedPathUuid ? visitor.claim(ownedPathUuid) : reading.details.responderUuid;
  // Spec section 4: the token fills in the fields she left empty, and its products and plan
  // are kept for the final checkout.
  await (
    await database()
  ).transaction(async (tx) => {
    await fillEmptyDetails(tx, responderUuid, reading.details);
    await saveTokenProducts(tx, responderUuid, reading.details);
  });
  return visitor.redirect(`/${step}/${responderUuid}${rest}`, { "Set-Cookie": await flashToast(toasts.loaded) });
}

/** Keyed hashes, so the table names neither a token (her details) nor a session (the key to her flows). */
async function claimTokenUse(visitor: Visitor, use: TokenUse): Promise<boolean> {
  const now = new Date();
  return claimSecureTokenUse(
    {
      tokenKey: keyedHash(`secure-token:${use.identity}`),
      browserKey: keyedHash(`secure-token-browser:${await visitor.sessionId()}`),
      expiresAt: use.expiresAt ?? new Date(now.getTime() + legacyUseKeptMs),
    },
    now,
  );
}

/** A 429 page. The token stays in the address unread, so a reload after the wait still fills her details. */
async function refuseTooManyTokenReads(visitor: Visitor, withoutToken: string, wait: number): Promise<never> {
  const message = `Too many secure links opened. Please wait ${waitInMinutes(wait)} and reload this page, or go back and enter your details yourself.`;
  refusePage(429, message, withoutToken, await visitor.headers(retryAfter(wait)));
}
