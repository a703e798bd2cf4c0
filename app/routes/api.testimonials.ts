// GET /api/testimonials (spec section 7, "Other configured internal endpoints"): up
// to 4 testimonials as { testimonials: [...] }, the shape of /api/hrt-testimonials/{uuid} and
// from the same source, for the flow this browser started last. Testimonials hold no personal
// data, so the answer is public; it varies with the session cookie only in which flow the
// provider is asked about.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { testimonialsFor } from "../server/provider/catalogue-cache.server";
import { jsonAnswer, publicJson } from "../server/http/json-answer.server";
import { Visitor } from "../server/visitor/visitor.server";

/**
 * Asked about when this browser has no flow. Spec section 7 says the configuration holds a
 * default responder identifier, but gives no value and we configure none: the nil UUID names
 * "nobody in particular" without being anyone's flow (we never make a nil uuid for a visitor).
 */
export const defaultResponderUuid = "00000000-0000-0000-0000-000000000000";

export async function loader({ request }: LoaderFunctionArgs) {
  // Only read: nothing of her session is saved from here.
  const visitor = await Visitor.open(request);
  const answer = publicJson({ testimonials: await testimonialsFor(visitor.currentUuid ?? defaultResponderUuid) });
  answer.headers.set("Vary", "Cookie");
  return answer;
}

export function action({ request }: ActionFunctionArgs) {
  return jsonAnswer(405, { message: `Use GET to read the testimonials, not ${request.method}.` }, { Allow: "GET" });
}
