// "Download my data" (GET /subscription/{token}/data): everything we hold about her, as one
// JSON file saved by her browser. Her link is the key, as for her page: a link that does not
// open her order goes back to her page's address, whose refusal says why and how to ask for a
// new one. Never kept by a cache, never named to another site.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { herDataFileName } from "../funnel/her-data";
import { tooManyAttemptsMessage } from "../funnel/rate-limits";
import { readLanguage } from "../i18n/languages";
import { countHerDataDownload, herDataOf } from "../server/subscriptions/her-data.server";
import { herLanguage, privatePageHeaders } from "../server/subscriptions/private-page.server";
import { translator } from "../i18n/messages";
import { readSubscriptionLink } from "../server/subscriptions/private-link.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const reading = await readSubscriptionLink(token);
  if (reading.status !== "open") {
    // Her page draws the refusal, in the language the address asked for, if it did.
    const lang = readLanguage(new URL(request.url).searchParams.get("lang"));
    return redirect(`/subscription/${encodeURIComponent(token)}${lang ? `?lang=${lang}` : ""}`, {
      status: 303,
      headers: privatePageHeaders,
    });
  }
  const { subscription } = reading;
  const wait = await countHerDataDownload(subscription);
  if (wait > 0) {
    return new Response(tooManyAttemptsMessage(wait, translator(herLanguage(request, subscription))), {
      status: 429,
      headers: { ...privatePageHeaders, "Content-Type": "text/plain; charset=utf-8", "Retry-After": String(wait) },
    });
  }
  const file = JSON.stringify(await herDataOf(subscription), null, 2);
  return new Response(file, {
    headers: {
      ...privatePageHeaders,
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${herDataFileName(subscription.reference)}"`,
    },
  });
}
