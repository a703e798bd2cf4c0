// The staff page's server side: the people with their sign-ins, and what its forms do. Adding
// a person and a new setup link answer the page again with the link shown once (never kept
// in a cookie); every other form answers a 303 with a notice. A change that would leave no
// active owner is refused with the page's message, nothing changed.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { z } from "zod";
import { consoleSessionCutoffs } from "../../funnel/console-sessions";
import { homeOf, may, staffRoleLabels, staffRoles, staffStatusLabels } from "../../funnel/staff";
import { config } from "../../server/config.server";
import { openSessionCounts } from "../../server/db/stores/console-sessions.server";
import { listStaffMembers } from "../../server/db/stores/staff-members.server";
import { formRefusal } from "../../server/http/form-refusal.server";
import { refusePage } from "../../server/http/page-refusal.server";
import { actorOf } from "../../server/staff/audit.server";
import { addPerson, changeRole, disablePerson, endSessions, newSetupLink } from "../../server/staff/staff-accounts.server";
import { redirectWithNotice, takeNotice, type StaffSession } from "../../server/staff/staff-session.server";

export const staffAddress = "/owner/staff";

export const staffMessages = {
  nameMissing: "Enter their name.",
  nameLong: "Enter a name of 100 characters or fewer.",
  emailMissing: "Enter their email address.",
  emailLong: "Enter an email address of 254 characters or fewer.",
  emailFormat: "Enter an email address in the right format, like name@example.com.",
  emailTaken: "Someone on the staff already has this email.",
  roleMissing: "Choose a role.",
  lastOwner: "There must always be an active owner. Make someone else an owner first.",
  unknown: "That person is not on the staff. Nothing was done.",
  unreadable: "This form could not be read. Please go back and try again.",
  yourOwnLink:
    "You cannot send yourself a new setup link: ask another owner, or use the server's command line (npm run staff -- reset-password EMAIL).",
} as const;

export const addPersonSchema = z.object({
  name: z.string({ error: staffMessages.nameMissing }).trim().min(1, staffMessages.nameMissing).max(100, staffMessages.nameLong),
  email: z
    .string({ error: staffMessages.emailMissing })
    .trim()
    .min(1, staffMessages.emailMissing)
    .max(254, staffMessages.emailLong)
    .pipe(z.email(staffMessages.emailFormat)),
  role: z.enum(staffRoles, { error: staffMessages.roleMissing }),
});

const personSchema = z.object({ id: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/) });
const roleSchema = personSchema.extend({ role: z.enum(staffRoles) });

export async function staffPage(session: StaffSession, now: Date = new Date()) {
  const { idleBefore, begunBefore } = consoleSessionCutoffs(now);
  const [people, sessions, { notice, headers }] = await Promise.all([
    listStaffMembers(),
    openSessionCounts(idleBefore, begunBefore),
    takeNotice(session),
  ]);
  return data(
    {
      people: people.map((person) => ({
        id: person.id,
        name: person.name,
        email: person.email,
        role: person.role,
        roleLabel: staffRoleLabels[person.role],
        status: person.status,
        statusLabel: staffStatusLabels[person.status],
        lastSignInAt: person.lastSignInAt?.toISOString() ?? null,
        twoStep: person.totpSecret !== null,
        openSessions: sessions.get(person.id) ?? 0,
        isYou: person.id === session.staff.id,
      })),
      notice,
    },
    { headers },
  );
}

/** The link of a new person, or a new one, shown this once. */
function linkShown(name: string, url: string) {
  return data({ setupLink: { name, url, emailed: config().SMTP_URL !== undefined } }, { status: 200 });
}

/** A row's form refused: the message above the table. */
function rowRefusal(formData: FormData, message: string) {
  return data({ form: "row" as const, lastResult: formRefusal(formData, message) }, { status: 400 });
}

function personOf(formData: FormData): string {
  const parsed = personSchema.safeParse({ id: formData.get("id") });
  if (!parsed.success) refusePage(400, staffMessages.unreadable, staffAddress);
  return parsed.data.id;
}

function refuseUnknown(): never {
  refusePage(404, staffMessages.unknown, staffAddress);
}

export async function staffAction(session: StaffSession, request: Request, formData: FormData) {
  const actor = actorOf(session.staff);
  const intent = formData.get("intent");
  if (intent === "add") {
    const submission = parseWithZod(formData, { schema: addPersonSchema });
    if (submission.status !== "success") return data({ form: "add" as const, lastResult: submission.reply() }, { status: 400 });
    const added = await addPerson(request, actor, submission.value);
    if (added.status === "email taken") {
      return data(
        { form: "add" as const, lastResult: submission.reply({ fieldErrors: { email: [staffMessages.emailTaken] } }) },
        { status: 400 },
      );
    }
    return linkShown(added.staff.name, added.setupUrl);
  }
  if (intent === "role") {
    const parsed = roleSchema.safeParse({ id: formData.get("id"), role: formData.get("role") });
    if (!parsed.success) refusePage(400, staffMessages.unreadable, staffAddress);
    const changed = await changeRole(request, actor, parsed.data.id, parsed.data.role);
    if (changed.status === "unknown") refuseUnknown();
    if (changed.status === "last owner") return rowRefusal(formData, staffMessages.lastOwner);
    if (changed.status === "unchanged") {
      return redirectWithNotice(session, staffAddress, {
        tone: "info",
        text: `${changed.name} is already ${staffRoleLabels[changed.role]}. Nothing changed.`,
      });
    }
    // Their own role, changed to one that no longer opens this page: their own first page.
    const own = parsed.data.id === session.staff.id && !may(changed.to, "staff");
    return redirectWithNotice(session, own ? homeOf(changed.to) : staffAddress, {
      tone: "success",
      text: `${changed.name} is now ${staffRoleLabels[changed.to]}.`,
    });
  }
  if (intent === "disable") {
    const disabled = await disablePerson(request, actor, personOf(formData));
    if (disabled.status === "unknown") refuseUnknown();
    if (disabled.status === "last owner") return rowRefusal(formData, staffMessages.lastOwner);
    if (disabled.status === "already disabled")
      return redirectWithNotice(session, staffAddress, { tone: "info", text: `${disabled.name} was already disabled.` });
    return redirectWithNotice(session, staffAddress, { tone: "success", text: `${disabled.name} is disabled and signed out everywhere.` });
  }
  if (intent === "end-sessions") {
    const ended = await endSessions(request, actor, personOf(formData));
    if (ended.status === "unknown") refuseUnknown();
    const count = ended.count === 1 ? "1 session" : `${ended.count} sessions`;
    return redirectWithNotice(session, staffAddress, { tone: "success", text: `${ended.name} is signed out everywhere (${count} ended).` });
  }
  if (intent === "new-link") {
    const id = personOf(formData);
    // Their own sign-in would end with this answer, and the link with it.
    if (id === session.staff.id) return rowRefusal(formData, staffMessages.yourOwnLink);
    const made = await newSetupLink(request, actor, id);
    if (made.status === "unknown") refuseUnknown();
    if (made.status === "disabled") {
      return rowRefusal(
        formData,
        `${made.name} is disabled, so no setup link was made. Only the server's command line brings a disabled person back (npm run staff -- reset-password EMAIL).`,
      );
    }
    return linkShown(made.name, made.setupUrl);
  }
  refusePage(400, staffMessages.unreadable, staffAddress);
}
