// Signing out of the console: the sign-in ends on the server (a copy of its cookie opens
// nothing afterwards), the audit log records it, and the cookie goes, whoever asks (a
// sign-out needs no sign-in: one that has just expired still wants to be gone). The browser
// stays a known one.
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { actorOf, audit } from "../server/staff/audit.server";
import { readStaffSession, signOutCookie } from "../server/staff/staff-session.server";

export async function loader() {
  return redirect("/owner", 303);
}

export async function action({ request }: ActionFunctionArgs) {
  const session = await readStaffSession(request);
  if (session) await audit(request, actorOf(session.staff), "signed-out");
  return redirect("/owner", { status: 303, headers: { "Set-Cookie": await signOutCookie(request) } });
}
