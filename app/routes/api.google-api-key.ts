// GET /api/google-api-key (spec section 7, "a configured maps-key endpoint"): the maps key the
// final checkout loads the places script with, when MAPS_API_KEY is set; 404 otherwise. It is a
// browser key (the owner restricts it to this site's address at Google): handing it to her
// page is what it is for.
import { config } from "../server/config.server";
import { jsonAnswer, notFoundJson } from "../server/http/json-answer.server";

export async function loader() {
  const apiKey = config().MAPS_API_KEY;
  return apiKey ? jsonAnswer(200, { apiKey }) : notFoundJson("Address suggestions are not configured.");
}
