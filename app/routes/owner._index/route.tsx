// The console's sign-in: each person with their own email and password, tried a limited number
// of times (strangers' failures slowed together per account and per network, a browser that
// has signed in before only by its own), then, for two-step sign-in, the code page.
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form } from "@remix-run/react";
import { ErrorSummary } from "../../components/error-summary";
import { Field, PasswordField } from "../../components/field";
import { useFormReply } from "../../components/use-form-reply";
import { auditDetail, codeOf } from "../../funnel/audit";
import { homeOf, normalStaffEmail, staffStatuses } from "../../funnel/staff";
import type { RouteHandle } from "../../route-handle";
import { keepRetryAfter } from "../../route-headers";
import { findStaffMemberByEmail } from "../../server/db/stores/staff-members.server";
import { formRefusal, retryAfter } from "../../server/http/form-refusal.server";
import { readForm } from "../../server/http/form-body.server";
import { countUnknownEmail, forgetTry, signInAttempt, takePasswordTry } from "../../server/console/sign-in-throttle.server";
import { actorOf, audit } from "../../server/staff/audit.server";
import { passwordVerifies } from "../../server/staff/passwords.server";
import { readStaffSession } from "../../server/staff/staff-session.server";
import { accountOf, afterPassword, signInMessages, signInSchema, tooManySignInsMessage } from "./sign-in.server";

export const handle: RouteHandle = { title: "Sign in: Owner's console" };

export const headers = keepRetryAfter;

/** The password is never sent back to the page, whatever the answer. */
const hidden = ["password"];

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await readStaffSession(request);
  if (session) throw redirect(homeOf(session.staff.role), 303);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const attempt = await signInAttempt(request, accountOf(formData));
  const tried = await takePasswordTry(request, attempt);
  if (!tried.taken) {
    return data(
      { lastResult: formRefusal(formData, tooManySignInsMessage(tried.wait), hidden) },
      { status: 429, headers: retryAfter(tried.wait) },
    );
  }
  const submission = parseWithZod(formData, { schema: signInSchema });
  if (submission.status !== "success") {
    await forgetTry(tried.taken);
    return data({ lastResult: submission.reply({ hideFields: hidden }) }, { status: 400 });
  }
  const staff = await findStaffMemberByEmail(normalStaffEmail(submission.value.email));
  const active = staff?.status === "active" ? staff : undefined;
  if (!(await passwordVerifies(submission.value.password, active?.passwordHash)) || !active) {
    // The try stays counted. Only a real account's failure is audited: an email that is no
    // account is only counted, so strangers cannot fill the append-only log.
    if (staff)
      await audit(request, actorOf(staff), "sign-in-failed", {
        detail: active ? auditDetail`Wrong email or password` : auditDetail`Account ${codeOf(staffStatuses, staff.status)}`,
      });
    else await countUnknownEmail();
    // Beside the password (which is cleared), so the summary leads to the field to type again.
    return data(
      { lastResult: submission.reply({ fieldErrors: { password: [signInMessages.wrong] }, hideFields: hidden }) },
      { status: 401 },
    );
  }
  await forgetTry(tried.taken);
  return afterPassword(request, active);
}

export default function ConsoleSignIn() {
  const { fields, summary, formErrors } = useFormReply({ id: "owner-sign-in", names: ["email", "password"] });
  return (
    <section className="owner-panel owner-sign-in" aria-labelledby="page-title">
      <h1 id="page-title">Sign in</h1>
      <Form method="post" id="owner-sign-in" noValidate>
        <ErrorSummary summary={summary} formErrors={formErrors} />
        <Field field={fields.email} label="Email" type="email" inputMode="email" autoComplete="username" required requiredMark={false} />
        <PasswordField field={fields.password} label="Password" autoComplete="current-password" />
        <button type="submit" className="owner-button owner-button-primary">
          Sign in
        </button>
      </Form>
      <p className="owner-footnote">
        Lost your password? Ask an owner to send you a new setup link. An owner who has lost theirs resets it on the server:{" "}
        <code>npm run staff -- reset-password EMAIL</code>.
      </p>
    </section>
  );
}
