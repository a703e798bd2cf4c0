// GET /api/zip-codes/{zip}: the city and state of a US ZIP code, for the final checkout to fill
// an empty City and State (with JavaScript; the server checks the pair either way). The same
// for everyone, so caches may keep it a day.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { fiveDigitZip } from "../funnel/zip-codes";
import { notFoundJson } from "../server/http/json-answer.server";
import { lookUpZip } from "../server/checkout/zip-codes.server";

export async function loader({ params }: LoaderFunctionArgs) {
  const zip = fiveDigitZip(params.zip ?? "");
  const known = zip ? lookUpZip(zip) : undefined;
  if (!known) return notFoundJson("No such US ZIP code.");
  return Response.json(known, { headers: { "Cache-Control": "public, max-age=86400", "X-Content-Type-Options": "nosniff" } });
}
