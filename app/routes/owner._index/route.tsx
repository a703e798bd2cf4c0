// The owner's sign-in: one password (OWNER_PASSWORD, or the one the server made at its first
// start), tried a limited number of times, then her own session for the console.
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form } from "@remix-run/react";
import { ErrorSummary } from "../../components/error-summary";
import { PasswordField } from "../../components/field";
import { useFormReply } from "../../components/use-form-reply";
import { tooManyAttemptsMessage } from "../../funnel/rate-limits";
import type { RouteHandle } from "../../route-handle";
import { formRefusal, keepRetryAfter, retryAfter } from "../../server/form-refusal.server";
import { readForm } from "../../server/http/form-body.server";
import { passwordMatches } from "../../server/owner/owner-password.server";
import { readOwnerSession, signInCookie } from "../../server/owner/owner-session.server";
import { countSignInAttempt, signInMessages, signInSchema } from "./sign-in.server";

export const handle: RouteHandle = { title: "Sign in: Owner's console" };

export const headers = keepRetryAfter;

/** The password is never sent back to the page, whatever the answer. */
const hidden = ["password"];

export async function loader({ request }: LoaderFunctionArgs) {
  if (await readOwnerSession(request)) throw redirect("/owner/orders", 303);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const wait = await countSignInAttempt(request);
  if (wait > 0) {
    return data({ lastResult: formRefusal(formData, tooManyAttemptsMessage(wait), hidden) }, { status: 429, headers: retryAfter(wait) });
  }
  const submission = parseWithZod(formData, { schema: signInSchema });
  if (submission.status !== "success") {
    return data({ lastResult: submission.reply({ hideFields: hidden }) }, { status: 400 });
  }
  if (!passwordMatches(submission.value.password)) {
    return data(
      { lastResult: submission.reply({ fieldErrors: { password: [signInMessages.wrong] }, hideFields: hidden }) },
      { status: 401 },
    );
  }
  return redirect("/owner/orders", { status: 303, headers: { "Set-Cookie": await signInCookie() } });
}

export default function OwnerSignIn() {
  const { fields, summary, formErrors } = useFormReply({ id: "owner-sign-in", names: ["password"] });
  return (
    <section className="owner-panel owner-sign-in" aria-labelledby="page-title">
      <h1 id="page-title">Sign in</h1>
      <Form method="post" id="owner-sign-in" noValidate>
        <ErrorSummary summary={summary} formErrors={formErrors} />
        <PasswordField
          field={fields.password}
          label="Password"
          hint="The OWNER_PASSWORD setting, or the password the server made at its first start: its log says where to find it."
          autoComplete="current-password"
        />
        <button type="submit" className="owner-button owner-button-primary">
          Sign in
        </button>
      </Form>
    </section>
  );
}
