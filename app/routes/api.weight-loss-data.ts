// GET /api/weight-loss-data (spec section 7, "Other configured internal endpoints"):
// the older variant's weight-loss data in the shape of spec section 3, { id, startWeight,
// milestones: [{ month, weight }] }. The same for every visitor, so cached like the catalogue.
import type { ActionFunctionArgs } from "@remix-run/node";
import { weightLossData } from "../funnel/weight-loss";
import { jsonAnswer, publicJson } from "../server/http/json-answer.server";

export function loader() {
  return publicJson(weightLossData);
}

export function action({ request }: ActionFunctionArgs) {
  return jsonAnswer(405, { message: `Use GET to read the weight-loss data, not ${request.method}.` }, { Allow: "GET" });
}
