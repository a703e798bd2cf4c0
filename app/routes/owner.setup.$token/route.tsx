// A setup link (no sign-in needed: the link is the key, once, for 72 hours): the person sets
// their own password and enrols their authenticator, then keeps ten recovery codes, shown once,
// and is signed in.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import {
  AuthenticationCodeField,
  AuthenticatorEnrolment,
  RecoveryCodesShown,
  type Enrolment,
} from "../../components/authenticator-enrolment";
import { ErrorSummary } from "../../components/error-summary";
import { PasswordField } from "../../components/field";
import { useFormReply } from "../../components/use-form-reply";
import type { RouteHandle } from "../../route-handle";
import { keepRetryAfter } from "../../route-headers";
import { readForm } from "../../server/http/form-body.server";
import { newPasswordHint } from "../../funnel/staff";
import { setupAction, setupPageData } from "./setup-page.server";

export const handle: RouteHandle = { title: "Set up your sign-in: Owner's console" };

export const headers = keepRetryAfter;

export async function loader({ params }: LoaderFunctionArgs) {
  return setupPageData(params.token);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return setupAction(request, params.token, await readForm(request));
}

export default function StaffSetup() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  if (answer && "recoveryCodes" in answer)
    return <RecoveryCodesShown heading="Your sign-in is set up" codes={answer.recoveryCodes} next={answer.next} />;
  if (!page.open) return <LinkClosed message={page.message} />;
  return <SetupForm name={page.name} role={page.role} enrolment={page.enrolment} />;
}

function SetupForm({ name, role, enrolment }: { name: string; role: string; enrolment: Enrolment }) {
  const { fields, summary, formErrors } = useFormReply({ id: "setup", names: ["password", "code"] });
  return (
    <section className="owner-panel" aria-labelledby="page-title">
      <h1 id="page-title">Set up your sign-in</h1>
      <p>
        For {name}, {role}. Choose a password, then set up an authenticator app: each sign-in asks for both.
      </p>
      <Form method="post" id="setup" noValidate>
        <ErrorSummary summary={summary} formErrors={formErrors} />
        <PasswordField field={fields.password} label="Password" hint={newPasswordHint} autoComplete="new-password" />
        <h2>Authenticator</h2>
        <AuthenticatorEnrolment enrolment={enrolment} />
        <AuthenticationCodeField field={fields.code} />
        <button type="submit" className="owner-button owner-button-primary">
          Set up my sign-in
        </button>
      </Form>
    </section>
  );
}

function LinkClosed({ message }: { message: string }) {
  return (
    <section className="owner-panel" aria-labelledby="page-title">
      <h1 id="page-title">This link no longer works</h1>
      <p>{message}</p>
      <p>
        <a href="/owner">Go to sign in</a>
      </p>
    </section>
  );
}
