// "Add a person": their name, email and role. They are invited: a setup link is made for them
// to set their own password and authenticator.
import { Form } from "@remix-run/react";
import { ErrorSummary } from "../../components/error-summary";
import { Field, SelectField } from "../../components/field";
import type { FormReply } from "../../components/form-reply";
import { useFormReply } from "../../components/use-form-reply";
import { staffRoleLabels, staffRoles } from "../../funnel/staff";
import { ConsoleBox } from "../../components/console-parts";

const roleChoices = staffRoles.map((role) => [role, staffRoleLabels[role]] as const);

export function AddPersonForm({ lastResult }: { lastResult: FormReply | null }) {
  const { fields, summary, formErrors } = useFormReply({ id: "add-person", names: ["name", "email", "role"], lastResult });
  return (
    <ConsoleBox titleId="add-person-title" title="Add a person">
      <p>They get a setup link by email, which works once for 72 hours, to choose their own password and set up an authenticator app.</p>
      <Form method="post" id="add-person" noValidate>
        <ErrorSummary summary={summary} formErrors={formErrors} />
        <Field field={fields.name} label="Name" autoComplete="off" required />
        <Field field={fields.email} label="Email" type="email" inputMode="email" autoComplete="off" required />
        <SelectField field={fields.role} label="Role" autoComplete="off" emptyChoice="Choose a role" options={roleChoices} required />
        <button type="submit" name="intent" value="add" className="owner-button owner-button-primary">
          Add the person
        </button>
      </Form>
    </ConsoleBox>
  );
}
