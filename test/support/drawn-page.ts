// A page drawn as the server draws it, outside Remix: the route's component with its loader's
// (and action's) data given, in a language. A test file mocks Remix's React hooks with these:
//   vi.mock("@remix-run/react", async (original) => (await import("../support/drawn-page")).outsideRemix(await original()));
//   const draw = drawIn("es");
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { Language } from "../../app/i18n/languages";
import { inLanguage } from "./in-language";

const drawn = { loaderData: null as unknown, actionData: undefined as unknown };

/** Remix's hooks and components a page uses, answering from the data `draw` was given. */
export function outsideRemix<Remix extends object>(remix: Remix): Remix {
  return {
    ...remix,
    useLoaderData: () => drawn.loaderData,
    useActionData: () => drawn.actionData,
    useNavigation: () => ({ state: "idle" }),
    useLocation: () => ({ pathname: "/", search: "", hash: "" }),
    Form: ({ children, id }: { children: unknown; id?: string }) => createElement("form", { method: "post", id }, children as never),
    Link: ({ to, children, className }: { to: string; children: unknown; className?: string }) =>
      createElement("a", { href: to, className }, children as never),
  };
}

/** The data the hooks answer with, for a test that draws the page itself (in the browser's words, say). */
export function giveData(loaderData: unknown, actionData?: unknown): void {
  drawn.loaderData = loaderData;
  drawn.actionData = actionData;
}

/** Draws a route's component in `language` with the data given; its HTML. */
export function drawIn(language: Language) {
  return (page: () => unknown, loaderData: unknown = null, actionData?: unknown): string => {
    giveData(loaderData, actionData);
    return renderToStaticMarkup(inLanguage(createElement(page as () => null), language));
  };
}
