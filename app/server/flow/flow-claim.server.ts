// A new flow's uuid travels in the page's form with a signature, so a checkout page opened
// without a flow (a new visitor at /checkout) needs no server write until her first click, and
// a double submit claims the same flow twice instead of starting two. (The entry pages carry
// no claim: they are the same for everyone, and their flow is made when she answers.)
import { randomUUID } from "node:crypto";
import { signerFor } from "../secrets/signed-link.server";

const flowClaims = signerFor({ prefix: "flow:" }, 32);

/** A fresh flow uuid with its signature: `uuid.signature`. */
export function newFlowClaim(responderUuid: string = randomUUID()): string {
  return `${responderUuid}.${flowClaims.sign(responderUuid)}`;
}

/** The uuid of a claim that this server signed, or undefined. */
export function verifyFlowClaim(claim: unknown): string | undefined {
  if (typeof claim !== "string" || claim.length > 200) return undefined;
  const [responderUuid, signature, ...rest] = claim.split(".");
  if (!responderUuid || !signature || rest.length > 0) return undefined;
  return flowClaims.matches(signature, responderUuid) ? responderUuid : undefined;
}
