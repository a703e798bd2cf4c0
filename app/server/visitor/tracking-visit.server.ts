// Spec section 4: tracking params are read from any address and kept for her. A page that
// does not hand them on by itself (its form or link) keeps them in her session; without
// them in the address such a page reads and writes nothing of hers.
import { hasTrackingParams, readTrackingParams } from "../../funnel/tracking";
import { Visitor } from "./visitor.server";

/** The headers that keep the address's tracking params in her session, or undefined when it has none. */
export async function headersKeepingTrackingParams(request: Request): Promise<Headers | undefined> {
  if (!hasTrackingParams(readTrackingParams(new URL(request.url).searchParams))) return undefined;
  return (await Visitor.open(request)).headers();
}
