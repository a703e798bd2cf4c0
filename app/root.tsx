import { useContext, type ReactNode } from "react";
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, isRouteErrorResponse, useMatches, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { UNSAFE_DataRouterStateContext } from "react-router-dom";
import { I18nProvider, useEntryHref, useT } from "./components/i18n";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import type { MessageId } from "./i18n/en";
import type { Translator } from "./i18n/languages";
import type { ClientCatalogue } from "./i18n/messages";
import { chromeMessages, pageLanguage } from "./server/visitor/language.server";
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

/**
 * The page's language and its link to the other one. `clientMessages` (the header's, footer's and
 * error page's, parsed) reach the browser only on a page that hydrates: a page without
 * scripts never sends its data.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { language, switchHref } = await pageLanguage(request, params);
  return { language, switchHref, clientMessages: chromeMessages(language) };
}

type RootData = Awaited<ReturnType<typeof loader>>;

const serverSide: ClientCatalogue = {};

/**
 * The messages this page's data gives the browser: the root's, and those a hydrating route's
 * loader adds as `clientMessages` (`clientCatalogue(language, ["finalCheckout"])`).
 */
function usePageMessages(): ClientCatalogue {
  const matches = useMatches();
  // On the server the translator has the whole catalogue (I18nProvider): nothing to merge.
  if (typeof document === "undefined") return serverSide;
  const parts = matches.map((match) => (match.data as { clientMessages?: ClientCatalogue } | null | undefined)?.clientMessages);
  return Object.assign({}, ...parts.filter(Boolean)) as ClientCatalogue;
}

/** A title that is a catalogue id is drawn in the page's language; any other as it is. */
function titleText(t: Translator, title: string): string {
  return t.has(title) ? t(title) : title;
}

function handleOf(match: { handle?: unknown }): Partial<RouteHandle> {
  return match.handle ?? {};
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
  const t = useT();
  const matches = useMatches();
  const hasErrors = useFormHasErrors();
  const titled = [...matches].reverse().find((match) => handleOf(match).title);
  const named = titled ? handleOf(titled).title : undefined;
  const title = titleText(t, (typeof named === "function" ? named(titled?.data) : named) || fallback);
  return <title>{hasErrors ? t("common.errorTitle", { title }) : title}</title>;
}

export function Layout({ children }: { children: ReactNode }) {
  const matches = useMatches();
  const error = useRouteError();
  const hydrate = pageHydrates(
    matches.map((match) => match.handle),
    Boolean(error),
  );
  const nonce = useNonce();
  const root = useRouteLoaderData<RootData>("root");
  const language = root?.language ?? "en";
  return (
    <I18nProvider language={language} messages={usePageMessages()}>
      <html lang={language}>
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="color-scheme" content="light" />
          <PageTitle fallback={error ? errorTitle(error) : "common.siteName"} />
          <Meta />
          <Links />
        </head>
        <Body switchHref={root?.switchHref ?? null} scripts={hydrate ? <Scripts nonce={nonce} /> : null}>
          {children}
        </Body>
      </html>
    </I18nProvider>
  );
}

function Body({ switchHref, scripts, children }: { switchHref: string | null; scripts: ReactNode; children: ReactNode }) {
  const t = useT();
  // The console's content starts after its menu bar: there the link skips that too.
  const inConsole = useMatches().some((match) => match.id === "routes/owner");
  return (
    <body>
      <a className="skip-link" href={inConsole ? "#console-content" : "#main"}>
        {t("common.skipLink")}
      </a>
      <SiteHeader switchHref={switchHref} />
      <main id="main" className="page" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
      {scripts}
    </body>
  );
}

export default function App() {
  return <Outlet />;
}

function errorTitle(error: unknown): MessageId {
  if (isRouteErrorResponse(error) && error.status === 404) return "errorPage.notFoundTitle";
  if (isRouteErrorResponse(error) && error.status < 500) return "errorPage.problemTitle";
  return "errorPage.failedTitle";
}

export function ErrorBoundary() {
  const t = useT();
  const error = useRouteError();
  // What refusePage() sends: its own message and label are the server's, already in her language.
  const refusal = isRouteErrorResponse(error)
    ? (error.data as { message?: unknown; returnTo?: unknown; returnLabel?: unknown } | null | undefined)
    : undefined;
  const message =
    typeof refusal?.message === "string"
      ? refusal.message
      : t(isRouteErrorResponse(error) && error.status === 404 ? "errorPage.notFound" : "errorPage.tryAgain");
  // A refusal may say where to go back to (a path on this site only).
  const returnTo = refusal?.returnTo;
  const back = typeof returnTo === "string" && /^\/(?!\/)/.test(returnTo) ? returnTo : null;
  const backLabel = typeof refusal?.returnLabel === "string" ? refusal.returnLabel : t("errorPage.goBack");
  const start = useEntryHref("/welcome");
  return (
    <section className="panel narrow">
      <h1>{t(errorTitle(error))}</h1>
      <p>{message}</p>
      <p>
        <a className="button button-primary" href={back ?? start}>
          {back ? backLabel : t("errorPage.start")}
        </a>
      </p>
    </section>
  );
}
