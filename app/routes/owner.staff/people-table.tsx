// The people of the console, one row each, with the small forms that act on them. A disabled
// person has none: only the server's command line brings them back.
import { Form } from "@remix-run/react";
import { Time } from "../../components/console-parts";
import { consoleTable } from "../../components/console-table";
import { staffRoleLabels, staffRoles, type StaffRole, type StaffStatus } from "../../funnel/staff";

export interface PersonRow {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
  roleLabel: string;
  status: StaffStatus;
  statusLabel: string;
  lastSignInAt: string | null;
  twoStep: boolean;
  openSessions: number;
  isYou: boolean;
}

export const PeopleTable = consoleTable<PersonRow>({
  region: "People",
  caption: "The people of the console",
  className: "owner-staff-table",
  rowKey: (person) => person.id,
  columns: [
    {
      header: "Name",
      rowHeader: true,
      className: "owner-wrap",
      cell: (person) => (person.isYou ? `${person.name} (you)` : person.name),
    },
    { header: "Email", className: "owner-wrap", cell: (person) => person.email },
    { header: "Role", cell: (person) => person.roleLabel },
    { header: "Status", cell: (person) => person.statusLabel },
    { header: "Last sign-in", cell: (person) => (person.lastSignInAt ? <Time iso={person.lastSignInAt} /> : "Never") },
    { header: "Two-step", cell: (person) => (person.twoStep ? "On" : "Off") },
    { header: "Open sessions", numeric: true, cell: (person) => person.openSessions },
    { header: "Change", cell: (person) => (person.status === "disabled" ? "—" : <PersonForms person={person} />) },
  ],
});

function PersonForms({ person }: { person: PersonRow }) {
  const roleId = `role-${person.id}`;
  return (
    <div className="owner-person-forms">
      <Form method="post" className="owner-role-form">
        <input type="hidden" name="id" value={person.id} />
        <label className="visually-hidden" htmlFor={roleId}>
          Role of {person.name}
        </label>
        <select id={roleId} name="role" defaultValue={person.role}>
          {staffRoles.map((role) => (
            <option key={role} value={role}>
              {staffRoleLabels[role]}
            </option>
          ))}
        </select>
        <button type="submit" name="intent" value="role" className="owner-button">
          Change role<span className="visually-hidden"> of {person.name}</span>
        </button>
      </Form>
      <Form method="post" className="owner-actions">
        <input type="hidden" name="id" value={person.id} />
        <button type="submit" name="intent" value="end-sessions" className="owner-button">
          End sessions<span className="visually-hidden"> of {person.name}</span>
        </button>
        {person.isYou ? null : (
          <button type="submit" name="intent" value="new-link" className="owner-button">
            Send a new setup link<span className="visually-hidden"> to {person.name}</span>
          </button>
        )}
        <button type="submit" name="intent" value="disable" className="owner-button owner-button-danger">
          Disable<span className="visually-hidden"> {person.name}</span>
        </button>
      </Form>
    </div>
  );
}
