// GET /api/hrt-medications/{responder_uuid} (spec section 7, internal calls): the medication
// catalogue as a list of categories with options, for other clients. The catalogue holds no
// personal data (the same for every visitor but for the provider's choice), so, unlike the
// funnel pages, it needs no proof that this browser owns the uuid.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { medicationsFor } from "../server/provider/catalogue-cache.server";
import { isResponderUuid } from "../server/visitor/visitor.server";
import { notFoundJson, publicJson } from "../server/http/json-answer.server";

export async function loader({ params }: LoaderFunctionArgs) {
  const { responderUuid } = params;
  if (!isResponderUuid(responderUuid)) return notFoundJson();
  return publicJson(await medicationsFor(responderUuid.toLowerCase(), "current"));
}
