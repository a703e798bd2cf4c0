// Whether this browser may act for a flow: the uuid identifies; the session cookie, or for
// the JSON routes a valid signed token, authorises. Her pages ask it through their guard
// (require-flow.server.ts); the JSON routes ask it directly. A uuid this browser does not own
// allows nothing, and says nothing of whether it exists.
import { refusePage } from "../http/page-refusal.server";
import { bearerMayAct } from "./tokens.server";
import { isResponderUuid, type Visitor } from "../visitor/visitor.server";

export const flowNotFoundMessage = "We could not find your plan on this device. Please start again from the treatment page.";

/**
 * The flow, normalised, when this browser's session owns it; with `bearer` (the JSON routes,
 * for clients without a session) also when the request carries a signed token for it.
 */
export async function ownedFlow(visitor: Visitor, responderUuid: unknown, bearer?: { request: Request }): Promise<string | undefined> {
  if (!isResponderUuid(responderUuid)) return undefined;
  const owned = visitor.ownedUuid(responderUuid);
  if (owned) return owned;
  const uuid = responderUuid.toLowerCase();
  return bearer && (await bearerMayAct(bearer.request, uuid)) ? uuid : undefined;
}

/** A page's post for a flow this browser does not own: 404, and a way back to the start. */
export function refuseFlowNotFound(): never {
  refusePage(404, flowNotFoundMessage, "/checkout");
}
