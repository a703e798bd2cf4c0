import { useContext, type ReactNode } from "react";
import type { LinksFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, isRouteErrorResponse, useMatches, useRouteError } from "@remix-run/react";
import { UNSAFE_DataRouterStateContext } from "react-router-dom";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { useNonce } from "./nonce";
import { keepRetryAfter } from "./route-headers";
import { pageHydrates, type RouteHandle } from "./route-handle";
import styles from "./styles/app.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** A 429 thrown by a loader keeps its Retry-After when the error boundary here draws it. */
export const headers = keepRetryAfter;

function handleOf(match: { handle?: unknown }): Partial<RouteHandle> {
  return (match.handle ?? {}) as Partial<RouteHandle>;
}

/**
 * True when any route's action answered with form errors (a Conform reply), or a loader drew
 * one as its `refusal` (a GET form's answer, as her plan page's preview of a plan it cannot show).
 */
function useFormHasErrors(): boolean {
  const state = useContext(UNSAFE_DataRouterStateContext);
  const isError = (reply: unknown) => (reply as { status?: string } | null | undefined)?.status === "error";
  return (
    Object.values(state?.actionData ?? {}).some((value) => isError((value as { lastResult?: unknown } | null)?.lastResult)) ||
    Object.values(state?.loaderData ?? {}).some((value) => isError((value as { refusal?: unknown } | null)?.refusal))
  );
}

function PageTitle({ fallback }: { fallback: string }) {
  const matches = useMatches();
  const hasErrors = useFormHasErrors();
  const titled = [...matches].reverse().find((match) => handleOf(match).title);
  const named = titled ? handleOf(titled).title : undefined;
  const title = (typeof named === "function" ? named(titled?.data) : named) || fallback;
  return <title>{`${hasErrors ? "Error: " : ""}${title}`}</title>;
}

export function Layout({ children }: { children: ReactNode }) {
  const matches = useMatches();
  const error = useRouteError();
  const hydrate = pageHydrates(matches.map((match) => match.handle), Boolean(error));
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <PageTitle fallback={error ? errorTitle(error) : "Menopause Care"} />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to main content
        </a>
        <SiteHeader />
        <main id="main" className="page" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter />
        {hydrate ? <Scripts nonce={nonce} /> : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

function errorTitle(error: unknown): string {
  if (isRouteErrorResponse(error) && error.status === 404) return "404 Page Not Found";
  if (isRouteErrorResponse(error) && error.status < 500) return "There is a problem";
  return "Sorry, something went wrong";
}

export function ErrorBoundary() {
  const error = useRouteError();
  const message =
    isRouteErrorResponse(error) && typeof error.data?.message === "string"
      ? error.data.message
      : isRouteErrorResponse(error) && error.status === 404
        ? "The page you are looking for does not exist."
        : "Please try again in a moment.";
  // A refusal may say where to go back to (a path on this site only).
  const returnTo = isRouteErrorResponse(error) ? error.data?.returnTo : undefined;
  const back = typeof returnTo === "string" && /^\/(?!\/)/.test(returnTo) ? returnTo : null;
  const backLabel = isRouteErrorResponse(error) && typeof error.data?.returnLabel === "string" ? error.data.returnLabel : "Go back";
  return (
    <section className="panel narrow">
      <h1>{errorTitle(error)}</h1>
      <p>{message}</p>
      <p>
        <a className="button button-primary" href={back ?? "/welcome"}>
          {back ? backLabel : "Go to the start"}
        </a>
      </p>
    </section>
  );
}
