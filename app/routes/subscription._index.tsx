// Her lost link (/subscription): she gives the email she ordered with and each order placed
// with it gets a new link, sent there. The page says the same whether or not any order has
// that email, so it tells a stranger nothing; it is rate limited per address and per email.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { z } from "zod";
import { ErrorSummary } from "../components/error-summary";
import { Field } from "../components/field";
import { useFormReply } from "../components/use-form-reply";
import { maskEmail } from "../funnel/her-subscription";
import { tooManyAttemptsMessage } from "../funnel/rate-limits";
import type { RouteHandle } from "../route-handle";
import { readForm } from "../server/http/form-body.server";
import { countHit, rateLimits } from "../server/http/rate-limits.server";
import { privatePageHeaders } from "../server/subscriptions/private-page.server";
import { lifecycleNow } from "../server/subscriptions/clock.server";
import { sendLinksTo } from "../server/subscriptions/send-links.server";

export { headers } from "../server/subscriptions/private-page.server";

export const handle: RouteHandle = { title: "Your subscription link" };
export const meta: MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

export const linkRequestMessages = {
  email: "Enter the email address you used for your order, like name@example.com",
} as const;

const linkRequestSchema = z.object({
  email: z.string({ error: linkRequestMessages.email }).trim().max(254, linkRequestMessages.email).pipe(z.email({ error: linkRequestMessages.email })),
});

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: linkRequestSchema });
  if (submission.status !== "success") {
    return data({ lastResult: submission.reply(), sentTo: null }, { status: 400, headers: privatePageHeaders });
  }
  const email = submission.value.email.toLowerCase();
  const wait = await countHit(request, `link-request:${email}`, rateLimits.linkRequest);
  if (wait > 0) {
    return data(
      { lastResult: submission.reply({ formErrors: [tooManyAttemptsMessage(wait)] }), sentTo: null },
      { status: 429, headers: { ...privatePageHeaders, "Retry-After": String(wait) } },
    );
  }
  await sendLinksTo(email, await lifecycleNow());
  return data({ lastResult: null, sentTo: maskEmail(email) }, { headers: privatePageHeaders });
}

export default function LostLink() {
  const answer = useActionData<typeof action>();
  const form = useFormReply({ id: "link-request", names: ["email"] as const });
  return (
    <div className="step her-subscription">
      <section className="panel narrow" aria-labelledby="page-title">
        <h1 id="page-title">Your subscription link</h1>
        {answer?.sentTo ? (
          <div role="status">
            <p className="lead">
              If an order was placed with {answer.sentTo}, we have sent its link there. It can take a few minutes to arrive; please check
              your spam folder too.
            </p>
            <p>The new link replaces any link we sent before.</p>
          </div>
        ) : (
          <>
            <ErrorSummary summary={form.summary} formErrors={form.formErrors} />
            <p className="lead">
              Your order has a private page where you can see it and cancel online. Enter the email address you used for your order and
              we will send you its link.
            </p>
            <Form method="post" id="link-request" noValidate reloadDocument>
              <Field field={form.fields.email} label="Email address" type="email" autoComplete="email" required />
              <button type="submit" className="button button-primary">
                Send my link
              </button>
            </Form>
          </>
        )}
      </section>
    </div>
  );
}
