// The owner's sign-in: one password (OWNER_PASSWORD, or the one the server made at its first
// start), tried a limited number of times (strangers' failures slowed together, a browser she
// has signed in with before only by its own), then her own session for the console.
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form } from "@remix-run/react";
import { ErrorSummary } from "../../components/error-summary";
import { PasswordField } from "../../components/field";
import { useFormReply } from "../../components/use-form-reply";
import type { RouteHandle } from "../../route-handle";
import { formRefusal, retryAfter } from "../../server/http/form-refusal.server";
import { keepRetryAfter } from "../../route-headers";
import { readForm } from "../../server/http/form-body.server";
import { passwordMatches } from "../../server/owner/owner-password.server";
import { ownerAccount, readOwnerSession, signInCookie } from "../../server/owner/owner-session.server";
import { countFailedSignIn, knownDeviceCookie, signInAttempt, signInWait } from "../../server/owner/sign-in-throttle.server";
import { signInMessages, signInSchema, tooManySignInsMessage } from "./sign-in.server";

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
  const attempt = await signInAttempt(request, ownerAccount);
  const wait = await signInWait(request, attempt);
  if (wait > 0) {
    return data({ lastResult: formRefusal(formData, tooManySignInsMessage(wait), hidden) }, { status: 429, headers: retryAfter(wait) });
  }
  const submission = parseWithZod(formData, { schema: signInSchema });
  if (submission.status !== "success") {
    return data({ lastResult: submission.reply({ hideFields: hidden }) }, { status: 400 });
  }
  if (!passwordMatches(submission.value.password)) {
    await countFailedSignIn(attempt);
    return data(
      { lastResult: submission.reply({ fieldErrors: { password: [signInMessages.wrong] }, hideFields: hidden }) },
      { status: 401 },
    );
  }
  const headers = new Headers();
  headers.append("Set-Cookie", await signInCookie());
  headers.append("Set-Cookie", await knownDeviceCookie(attempt));
  return redirect("/owner/orders", { status: 303, headers });
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
