// Her lost link (/subscription): she gives the email she ordered with and each order placed
// with it gets a new link, sent there; her links keep opening until the new one is first
// opened, as anyone who knows her email can ask. The page says the same whether or not any
// order has that email, so it tells a stranger nothing; it is rate limited per address and per
// email. Its language is the page's (the address's `lang`, else her session's), as root draws
// it. A new link asked for from her own page lands here too (`?sent=her-page`), to be told it
// is sent, as the link she used no longer opens.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { ErrorSummary } from "../components/error-summary";
import { Field } from "../components/field";
import { Rich, useT } from "../components/i18n";
import { useFormReply } from "../components/use-form-reply";
import { maskEmail } from "../funnel/her-subscription";
import { tooManyAttemptsMessage } from "../funnel/rate-limits";
import type { MessageId } from "../i18n/en";
import type { RouteHandle } from "../route-handle";
import { readForm } from "../server/http/form-body.server";
import { countHit, rateLimits } from "../server/http/rate-limits.server";
import { privatePageHeaders } from "../server/subscriptions/private-page.server";
import { lifecycleNow } from "../server/subscriptions/clock.server";
import { sendLinksTo } from "../server/subscriptions/send-links.server";
import { translator } from "../i18n/messages";
import { Visitor } from "../server/visitor/visitor.server";

export { headers } from "../server/subscriptions/private-page.server";

export const handle: RouteHandle = { title: "newLink.title" };
export const meta: MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

const emailInvalid = "newLink.emailInvalid" satisfies MessageId;

const linkRequestSchema = z.object({
  email: z
    .string({ error: emailInvalid })
    .trim()
    .max(254, emailInvalid)
    .pipe(z.email({ error: emailInvalid })),
});

/** Whether she comes from asking on her own page: then the page says it is sent. */
export function loader({ request }: LoaderFunctionArgs) {
  return data({ sentFromHerPage: new URL(request.url).searchParams.get("sent") === "her-page" }, { headers: privatePageHeaders });
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  // Her language as root draws the page: the address's, else her session's; nothing is saved.
  const visitor = await Visitor.open(request);
  const submission = parseWithZod(formData, { schema: linkRequestSchema });
  if (submission.status !== "success") {
    return data({ lastResult: visitor.reply(submission.reply()), sentTo: null }, { status: 400, headers: privatePageHeaders });
  }
  const email = submission.value.email.toLowerCase();
  const wait = await countHit(request, `link-request:${email}`, rateLimits.linkRequest);
  if (wait > 0) {
    return data(
      { lastResult: submission.reply({ formErrors: [tooManyAttemptsMessage(wait, translator(visitor.language))] }), sentTo: null },
      { status: 429, headers: { ...privatePageHeaders, "Retry-After": String(wait) } },
    );
  }
  await sendLinksTo(email, await lifecycleNow());
  return data({ lastResult: null, sentTo: maskEmail(email) }, { headers: privatePageHeaders });
}

export default function LostLink() {
  const t = useT();
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const form = useFormReply({ id: "link-request", names: ["email"] as const });
  return (
    <div className="step her-subscription">
      <section className="panel narrow" aria-labelledby="page-title">
        <h1 id="page-title">{t("newLink.title")}</h1>
        {page.sentFromHerPage && !answer ? (
          <div role="status">
            <p className="lead">{t("newLink.sentFromHerPage")}</p>
          </div>
        ) : answer?.sentTo ? (
          <div role="status">
            <p className="lead">
              <Rich id="newLink.sent" values={{ email: answer.sentTo }} />
            </p>
            <p>{t("newLink.replaces")}</p>
          </div>
        ) : (
          <>
            <ErrorSummary summary={form.summary} formErrors={form.formErrors} />
            <p className="lead">{t("newLink.lead")}</p>
            <Form method="post" id="link-request" noValidate reloadDocument>
              <Field field={form.fields.email} label={t("newLink.emailLabel")} type="email" autoComplete="email" required />
              <button type="submit" className="button button-primary">
                {t("newLink.submit")}
              </button>
            </Form>
          </>
        )}
      </section>
    </div>
  );
}
