// The page the emailed link opens: what each flow of her email holds, and the press that
// deletes them all (app/server/health-data/health-data-requests.server.ts). A link that does
// not open says why and leads back to the form; a deletion done leads to the policy, told so.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import { tooManyAttemptsMessage } from "../../funnel/rate-limits";
import type { MessageId } from "../../i18n/en";
import type { Language } from "../../i18n/languages";
import { translator } from "../../i18n/messages";
import {
  countHealthDataView,
  deleteHealthData,
  healthDataOf,
  readHealthDataLink,
  type HealthDataLinkReading,
} from "../../server/health-data/health-data-requests.server";
import { readForm } from "../../server/http/form-body.server";
import { retryAfter } from "../../server/http/form-refusal.server";
import { refusePage } from "../../server/http/page-refusal.server";
import { countHit, rateLimits, type RateLimit } from "../../server/http/rate-limits.server";
import { paymentGateway } from "../../server/payments/index.server";
import { privatePageHeaders } from "../../server/subscriptions/private-page.server";
import { Visitor } from "../../server/visitor/visitor.server";

/** Presses of "Delete my data" on one link: one deletes, a few more are a person whose first met a payment moving. */
export const healthDataDeletions: RateLimit = { bucket: "health-data-deletion", limit: 5, addressLimit: 20, windowMs: 60 * 60_000 };

const withLanguage = (path: string, language: Language) =>
  language === "en" ? path : `${path}${path.includes("?") ? "&" : "?"}lang=${language}`;

const refusals: Record<Exclude<HealthDataLinkReading["status"], "open">, [number, MessageId]> = {
  invalid: [404, "healthDataLink.invalid"],
  used: [410, "healthDataLink.used"],
  expired: [410, "healthDataLink.expired"],
};

async function openLink(language: Language, token: string) {
  const t = translator(language);
  const reading = await readHealthDataLink(token);
  if (reading.status !== "open") {
    const [status, message] = refusals[reading.status];
    const askAgain = `${withLanguage("/health-data-privacy", language)}#health-data-request`;
    refusePage(status, t(message), askAgain, privatePageHeaders, t("healthDataLink.askAgain"));
  }
  return { request: reading.request, t };
}

export async function healthDataPage(request: Request, token: string) {
  const link = await openLink((await Visitor.open(request)).language, token);
  const wait = await countHealthDataView(link.request);
  if (wait > 0) refusePage(429, tooManyAttemptsMessage(wait, link.t), undefined, { ...privatePageHeaders, ...retryAfter(wait) });
  const flows = await healthDataOf(link.request);
  return data(
    {
      flows: flows.map((flow) => ({
        reference: flow.kind === "order" ? flow.data.about.orderReference : null,
        file: JSON.stringify(flow.data, null, 2),
      })),
    },
    { headers: privatePageHeaders },
  );
}

const confirmMissing = "healthDataLink.confirmMissing" satisfies MessageId;

const deletionSchema = z.object({ confirm: z.literal("on", { error: confirmMissing }) });

export async function pressDelete(request: Request, token: string) {
  const formData = await readForm(request);
  const visitor = await Visitor.open(request);
  const done = redirect(withLanguage("/health-data-privacy?deleted=1", visitor.language), { status: 303, headers: privatePageHeaders });
  // A second press gets the first's answer.
  if ((await readHealthDataLink(token)).status === "used") return done;
  const { request: asked, t } = await openLink(visitor.language, token);
  const submission = parseWithZod(formData, { schema: deletionSchema });
  const wait = await countHit(request, `health-data-link:${asked.id}`, rateLimits.stepPost, healthDataDeletions);
  if (wait > 0) {
    return data(
      { lastResult: submission.reply({ formErrors: [tooManyAttemptsMessage(wait, t)] }) },
      { status: 429, headers: { ...privatePageHeaders, ...retryAfter(wait) } },
    );
  }
  if (submission.status !== "success") {
    return data({ lastResult: visitor.reply(submission.reply()) }, { status: 400, headers: privatePageHeaders });
  }
  const outcome = await deleteHealthData(paymentGateway(), asked);
  if (outcome === "busy") {
    return data({ lastResult: submission.reply({ formErrors: [t("healthDataLink.busy")] }) }, { status: 409, headers: privatePageHeaders });
  }
  return done;
}
