// The staff page (owners only): the people of the console, their roles and sign-ins; adding a
// person with a one-time setup link; changing a role, disabling, ending sessions and sending a
// new setup link.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ErrorSummary } from "../../components/error-summary";
import type { FormReply } from "../../components/form-reply";
import { useFormReply } from "../../components/use-form-reply";
import { ConsoleNoticeBox } from "../../components/console-parts";
import type { RouteHandle } from "../../route-handle";
import { readForm } from "../../server/http/form-body.server";
import { requireStaff } from "../../server/staff/staff-session.server";
import { AddPersonForm } from "./add-person-form";
import { PeopleTable } from "./people-table";
import { SetupLinkShown } from "./setup-link-shown";
import { staffAction, staffPage } from "./staff-page.server";

export const handle: RouteHandle = { title: "Staff: Owner's console" };

export async function loader({ request }: LoaderFunctionArgs) {
  return staffPage(await requireStaff(request, "staff"));
}

export async function action({ request }: ActionFunctionArgs) {
  const session = await requireStaff(request, "staff");
  return staffAction(session, request, await readForm(request));
}

export default function ConsoleStaff() {
  const { people, notice } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as
    { setupLink: { name: string; url: string; emailed: boolean } } | { form: "add" | "row"; lastResult: FormReply } | undefined;
  const setupLink = answer && "setupLink" in answer ? answer.setupLink : null;
  const replyOf = (form: "add" | "row") => (answer && "form" in answer && answer.form === form ? answer.lastResult : null);
  const rows = useFormReply({ id: "staff-rows", names: [], lastResult: replyOf("row") });
  return (
    <article className="owner-page" aria-labelledby="page-title">
      <h1 id="page-title">Staff</h1>
      <ConsoleNoticeBox notice={notice} />
      {setupLink ? <SetupLinkShown link={setupLink} /> : null}
      <section aria-labelledby="people-title">
        <h2 id="people-title">People</h2>
        <p className="owner-count">
          {people.length} {people.length === 1 ? "person" : "people"}. Owners may do everything; support sees orders, her details and her
          emails; clinicians see the review queue. Times are UTC.
        </p>
        <ErrorSummary summary={rows.summary} formErrors={rows.formErrors} />
        <PeopleTable rows={people} />
        <p className="owner-footnote">
          A disabled person cannot sign in. Only the server's command line brings them back:{" "}
          <code>npm run staff -- reset-password EMAIL</code>.
        </p>
      </section>
      <AddPersonForm lastResult={replyOf("add")} />
    </article>
  );
}
