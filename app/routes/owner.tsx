// The owner's console around each of its pages: its own bar (the console's name, Orders, Funnel,
// Emails, Sign out) in place of the funnel's, and no search engine. Each page guards itself: a layout's
// loader runs beside its children's, never before them.
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { readOwnerSession } from "../server/owner/owner-session.server";
import { paymentsAreSandbox } from "../server/payments/index.server";
import consoleStyles from "../styles/console.css";

/** The console's own stylesheet, after the funnel's (root links app.css): a visitor's page never loads it. */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: consoleStyles }];

export const meta: MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return { signedIn: (await readOwnerSession(request)) !== undefined, sandboxPayments: paymentsAreSandbox() };
}

export default function OwnerConsole() {
  const { signedIn, sandboxPayments } = useLoaderData<typeof loader>();
  return (
    <div className="owner-console">
      <div className="owner-bar">
        <p className="owner-bar-title">Owner's console</p>
        {signedIn ? (
          <div className="owner-bar-actions">
            <nav aria-label="Owner's console">
              <NavLink to="/owner/orders" end>
                Orders
              </NavLink>
              <NavLink to="/owner/funnel" end>
                Funnel
              </NavLink>
              <NavLink to="/owner/emails" end>
                Emails
              </NavLink>
            </nav>
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
      <Outlet />
    </div>
  );
}
