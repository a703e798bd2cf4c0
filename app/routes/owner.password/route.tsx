// "Change your password": for every person of the console, linked beside their name in the
// console's bar. The current password first, then the new one twice; works without JavaScript.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { ErrorSummary } from "../../components/error-summary";
import { PasswordField } from "../../components/field";
import { ConsoleNoticeBox } from "../../components/console-parts";
import { useFormReply } from "../../components/use-form-reply";
import { newPasswordHint } from "../../funnel/staff";
import type { RouteHandle } from "../../route-handle";
import { keepRetryAfter } from "../../route-headers";
import { readForm } from "../../server/http/form-body.server";
import { requireStaff } from "../../server/staff/staff-session.server";
import { passwordAction, passwordPage } from "./password-page.server";

export const handle: RouteHandle = { title: "Change your password: Owner's console" };

export const headers = keepRetryAfter;

export async function loader({ request }: LoaderFunctionArgs) {
  return passwordPage(await requireStaff(request));
}

export async function action({ request }: ActionFunctionArgs) {
  const session = await requireStaff(request);
  return passwordAction(session, request, await readForm(request));
}

export default function OwnPassword() {
  const { notice } = useLoaderData<typeof loader>();
  const { fields, summary, formErrors } = useFormReply({ id: "own-password", names: ["current", "password", "confirm"] });
  return (
    <section className="owner-panel" aria-labelledby="page-title">
      <h1 id="page-title">Change your password</h1>
      <ConsoleNoticeBox notice={notice} />
      <p>Your other sign-ins end when you change it; this one stays signed in.</p>
      <Form method="post" id="own-password" noValidate>
        <ErrorSummary summary={summary} formErrors={formErrors} />
        <PasswordField field={fields.current} label="Current password" autoComplete="current-password" />
        <PasswordField field={fields.password} label="New password" hint={newPasswordHint} autoComplete="new-password" />
        <PasswordField field={fields.confirm} label="New password again" autoComplete="new-password" />
        <button type="submit" className="owner-button owner-button-primary">
          Change my password
        </button>
      </Form>
    </section>
  );
}
