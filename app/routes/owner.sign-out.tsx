// Signing out of the owner's console: the sign-in ends on the server (a copy of its cookie
// opens nothing afterwards) and the cookie goes, whoever asks (a sign-out needs no sign-in:
// one that has just expired still wants to be gone). The browser stays a known one.
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { signOutCookie } from "../server/owner/owner-session.server";

export async function loader() {
  return redirect("/owner", 303);
}

export async function action({ request }: ActionFunctionArgs) {
  return redirect("/owner", { status: 303, headers: { "Set-Cookie": await signOutCookie(request) } });
}
