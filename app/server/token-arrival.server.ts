// Arrival with a secure token (spec sections 4 and 5): `st` or `token` in the query. The token
// is read on the server; a good one fills in her empty fields and makes its uuid this
// browser's. Either way she is sent to the same address without the token, so it stays
// neither in her history nor in a Referer.
import type { ToastCode } from "../funnel/toasts";
import { searchWithout, type CheckoutStep } from "./checkout-flow.server";
import { claimUnstartedFlow } from "./plan-selections.server";
import { applyToken } from "./pre-checkout.server";
import { flashToast } from "./toast.server";
import { configuredTokenKeys, readToken } from "./tokens.server";
import type { Visitor } from "./visitor.server";

export const tokenParamNames = ["st", "token"] as const;

export function tokenOf(request: Request): string | null {
  const search = new URL(request.url).searchParams;
  return search.get("st") || search.get("token") || null;
}

/**
 * The redirect that takes the token out of the address, or null when there is no token.
 * The uuid in the path stays when this browser owns it (spec: the token sets the uuid only
 * when the path has none); otherwise the token's uuid is used.
 */
export async function arriveWithToken(
  visitor: Visitor,
  request: Request,
  pathUuid: string | undefined,
  step: Extract<CheckoutStep, "pre-checkout" | "final-checkout">,
  toastsFor: { loaded: ToastCode; refused: ToastCode },
): Promise<Response | null> {
  const token = tokenOf(request);
  if (token === null) return null;
  const rest = searchWithout(request, ...tokenParamNames);
  const reading = await readToken(token, configuredTokenKeys());
  if (!reading.ok) {
    console.warn(JSON.stringify({ msg: "token refused", refusal: reading.refusal }));
    const here = new URL(request.url).pathname;
    return visitor.redirect(`${here}${rest}`, { "Set-Cookie": await flashToast(toastsFor.refused) });
  }
  const ownedPathUuid = visitor.ownedUuid(pathUuid);
  const tokenUuid = reading.details.responderUuid;
  // The legacy form is not signed: anyone who knows its key can write one. It may start a flow
  // or fill in this browser's own, never open a flow somebody else has started.
  if (reading.form === "legacy" && !visitor.ownedUuid(tokenUuid) && !(await claimUnstartedFlow(tokenUuid))) {
    console.warn(JSON.stringify({ msg: "token refused", refusal: "legacy-for-started-flow" }));
    const here = new URL(request.url).pathname;
    return visitor.redirect(`${here}${rest}`, { "Set-Cookie": await flashToast(toastsFor.refused) });
  }
  visitor.claim(tokenUuid);
  const responderUuid = ownedPathUuid ? visitor.claim(ownedPathUuid) : reading.details.responderUuid;
  await applyToken(responderUuid, reading.details);
  return visitor.redirect(`/${step}/${responderUuid}${rest}`, { "Set-Cookie": await flashToast(toastsFor.loaded) });
}
