// Two-step sign-in: after the password, the 6-digit "Authentication code" from the person's
// authenticator app (or a recovery code); for a person without one where two-step sign-in is
// required (or who chooses it), enrolment: a QR code drawn on the server, the secret as text,
// and a first code to prove it, then ten recovery codes shown once.
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticationCodeField, AuthenticatorEnrolment, RecoveryCodesShown } from "../../components/authenticator-enrolment";
import { ErrorSummary } from "../../components/error-summary";
import { useFormReply } from "../../components/use-form-reply";
import { auditDetail } from "../../funnel/audit";
import { homeOf } from "../../funnel/staff";
import type { RouteHandle } from "../../route-handle";
import { keepRetryAfter } from "../../route-headers";
import { formRefusal, retryAfter } from "../../server/http/form-refusal.server";
import { readForm } from "../../server/http/form-body.server";
import { refusePage } from "../../server/http/page-refusal.server";
import { forgetTry, takeCodeTry } from "../../server/console/sign-in-throttle.server";
import { actorOf, audit } from "../../server/staff/audit.server";
import { signedIn, signInHeaders, tooManySignInsMessage } from "../owner._index/sign-in.server";
import { codeAsker, codeMessages, codePage, codeSchema, tryCode } from "./two-step-page.server";

export const handle: RouteHandle = {
  title: (data) =>
    (data as { mode?: string } | undefined)?.mode === "enrol"
      ? "Set up two-step sign-in: Owner's console"
      : "Two-step sign-in: Owner's console",
};

export const headers = keepRetryAfter;

export async function loader({ request }: LoaderFunctionArgs) {
  const asker = await codeAsker(request);
  if (!asker) throw redirect("/owner", 303);
  // Signed in and enrolled already: nothing to do here. Not a redirect: this loader also runs
  // again right after the enrolment's answer, which must stay on screen with its codes.
  if (asker.signedIn && asker.staff.totpSecret) return { mode: "done" as const, next: homeOf(asker.staff.role) };
  const page = await codePage(asker.staff, asker.signedIn);
  if (!page) refusePage(500, "The authenticator could not be set up. Please try again.");
  return page;
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const asker = await codeAsker(request);
  if (!asker) refusePage(403, codeMessages.timedOut, "/owner");
  const { staff } = asker;
  // Taken before the code is checked, whatever the browser: no burst checks more than the limit.
  const tried = await takeCodeTry(staff.id);
  if (!tried.taken) {
    return data({ lastResult: formRefusal(formData, tooManySignInsMessage(tried.wait)) }, { status: 429, headers: retryAfter(tried.wait) });
  }
  const submission = parseWithZod(formData, { schema: codeSchema });
  if (submission.status !== "success") {
    await forgetTry(tried.taken);
    return data({ lastResult: submission.reply({ resetForm: true }) }, { status: 400 });
  }
  const outcome = await tryCode(request, staff, submission.value.code);
  if (outcome.status === "wrong") {
    await audit(request, actorOf(staff), "sign-in-failed", { detail: auditDetail`Wrong authentication code` });
    return data({ lastResult: submission.reply({ fieldErrors: { code: [outcome.message] }, hideFields: ["code"] }) }, { status: 401 });
  }
  await forgetTry(tried.taken);
  if (outcome.status === "signed-in") return signedIn(request, staff, new Headers(), outcome.detail);
  // Enrolled: signed in now (unless already), and the recovery codes shown this once.
  const headers = asker.signedIn ? new Headers() : await signInHeaders(request, staff);
  return data({ recoveryCodes: outcome.recoveryCodes, next: homeOf(staff.role) }, { status: 200, headers });
}

export default function TwoStep() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  if (answer && "recoveryCodes" in answer)
    return <RecoveryCodesShown heading="Two-step sign-in is on" codes={answer.recoveryCodes} next={answer.next} />;
  if (page.mode === "done") return <TwoStepOn next={page.next} />;
  return page.mode === "code" ? <CodeForm recoveryCodesLeft={page.recoveryCodesLeft} /> : <Enrol page={page} />;
}

function CodeForm({ recoveryCodesLeft }: { recoveryCodesLeft: number }) {
  const { fields, summary, formErrors } = useFormReply({ id: "two-step", names: ["code"] });
  return (
    <section className="owner-panel owner-sign-in" aria-labelledby="page-title">
      <h1 id="page-title">Two-step sign-in</h1>
      <Form method="post" id="two-step" noValidate>
        <ErrorSummary summary={summary} formErrors={formErrors} />
        <AuthenticationCodeField
          field={fields.code}
          hint={`The 6-digit code your authenticator app shows now. Lost your phone? Enter one of your recovery codes instead (${recoveryCodesLeft} left).`}
        />
        <button type="submit" className="owner-button owner-button-primary">
          Continue
        </button>
      </Form>
    </section>
  );
}

function Enrol({ page }: { page: { qrSvg: string; secretText: string; email: string; signedIn: boolean } }) {
  const { fields, summary, formErrors } = useFormReply({ id: "two-step", names: ["code"] });
  return (
    <section className="owner-panel" aria-labelledby="page-title">
      <h1 id="page-title">Set up two-step sign-in</h1>
      <p>
        {page.signedIn
          ? "Each sign-in will then ask for a code from your phone as well as your password."
          : "This console asks everyone for a code from their phone as well as their password."}
      </p>
      <AuthenticatorEnrolment enrolment={page} />
      <Form method="post" id="two-step" noValidate>
        <ErrorSummary summary={summary} formErrors={formErrors} />
        <AuthenticationCodeField field={fields.code} />
        <button type="submit" className="owner-button owner-button-primary">
          Turn on two-step sign-in
        </button>
      </Form>
    </section>
  );
}

function TwoStepOn({ next }: { next: string }) {
  return (
    <section className="owner-panel" aria-labelledby="page-title">
      <h1 id="page-title">Two-step sign-in is on</h1>
      <p>
        Each sign-in asks for a code from your authenticator app. An owner can send you a new setup link if you lose your phone and your
        recovery codes.
      </p>
      <p>
        <a href={next}>Back to the console</a>
      </p>
    </section>
  );
}
