// GET /api/medications (spec section 7, "Other configured internal endpoints"): the
// older variant's sample medications, the two weight-loss injections, in the older shape of
// spec section 3 (id, product_id, name, dosage, equivalent, price as a string, inStock,
// recommended, image). The same for every visitor, so cached like the catalogue.
import type { ActionFunctionArgs } from "@remix-run/node";
import { weightLossMedications } from "../funnel/weight-loss";
import { jsonAnswer, publicJson } from "../server/http/json-answer.server";

export function loader() {
  return publicJson(weightLossMedications);
}

export function action({ request }: ActionFunctionArgs) {
  return jsonAnswer(405, { message: `Use GET to read the medications, not ${request.method}.` }, { Allow: "GET" });
}
