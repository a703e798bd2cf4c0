// GET /api/hrt-testimonials/{responder_uuid} (spec section 7, internal calls): up to 4
// testimonials as { testimonials: [...] }, one of the two shapes the spec allows, chosen so
// the answer can gain fields later. Testimonials hold no personal data of the visitor, so no
// proof that this browser owns the uuid is needed. An empty list is the "No testimonials
// available at the moment." state.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { testimonialsFor } from "../server/provider/catalogue-cache.server";
import { isResponderUuid } from "../server/visitor/visitor.server";
import { notFoundJson, publicJson } from "../server/http/json-answer.server";

export async function loader({ params }: LoaderFunctionArgs) {
  const { responderUuid } = params;
  if (!isResponderUuid(responderUuid)) return notFoundJson();
  return publicJson({ testimonials: await testimonialsFor(responderUuid.toLowerCase()) });
}
