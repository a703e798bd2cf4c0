// The console around each of its pages: its own bar (the console's name, the pages the
// person's role opens, who is signed in with the way to change their own password, Sign out) in place of the funnel's, and no search
// engine. Each page guards itself with its own permission: a layout's loader runs beside its
// children's, never before them, so the menu here only hides what the pages refuse anyway.
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { menuOf, staffRoleLabels } from "../funnel/staff";
import { paymentsAreSandbox } from "../server/payments/index.server";
import { readStaffSession } from "../server/staff/staff-session.server";
import consoleStyles from "../styles/console.css";

/** The console's own stylesheet, after the funnel's (root links app.css): a visitor's page never loads it. */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: consoleStyles }];

export const meta: MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await readStaffSession(request);
  const person = session
    ? {
        name: session.staff.name,
        role: staffRoleLabels[session.staff.role],
        menu: menuOf(session.staff.role).map(({ to, label }) => ({ to, label })),
        twoStepOn: session.staff.totpSecret !== null,
      }
    : null;
  return { person, sandboxPayments: paymentsAreSandbox() };
}

export default function ConsoleLayout() {
  const { person, sandboxPayments } = useLoaderData<typeof loader>();
  return (
    <div className="owner-console">
      <div className="owner-bar">
        <p className="owner-bar-title">Owner's console</p>
        {person ? (
          <div className="owner-bar-actions">
            <nav aria-label="Owner's console">
              {person.menu.map((item) => (
                <NavLink key={item.to} to={item.to} end={false}>
                  {item.label}
                </NavLink>
              ))}
            </nav>
            <p className="owner-bar-person">
              {person.name} ({person.role}) · <NavLink to="/owner/password">Your password</NavLink>
              {person.twoStepOn ? null : (
                <>
                  {" "}
                  · <a href="/owner/two-step">Set up two-step sign-in</a>
                </>
              )}
            </p>
            <Form method="post" action="/owner/sign-out" className="owner-sign-out">
              <button type="submit" className="owner-button">
                Sign out
              </button>
            </Form>
          </div>
        ) : null}
      </div>
      {/* Every console page, signed in or not: Approve here captures nothing real. */}
      {sandboxPayments ? (
        <section className="sandbox-note owner-sandbox-note" aria-label="Payments">
          <p>
            <strong>Sandbox payments:</strong> no real money moves. Test cards only.
          </p>
        </section>
      ) : null}
      <div id="console-content" tabIndex={-1}>
        <Outlet />
      </div>
    </div>
  );
}
