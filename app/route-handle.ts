// What a route tells the root about itself.
export interface RouteHandle {
  /**
   * The page's title (a catalogue id, drawn in the page's language, or text), or how to read
   * it from the loader's data (a variant's own heading);
   * "Error: " is put before it when a form on the page has errors.
   */
  title: string | ((data: unknown) => string | undefined);
  /** True only for routes that need JavaScript in the browser (the card element). */
  hydrate?: boolean;
  /**
   * True when the page is drawn from its address and its routes' data alone (no clock, no
   * randomness, nothing else of the request): the server may answer a view whose data are
   * the same as an earlier one's with the HTML it drew then (app/server/http/drawn-pages.server.ts).
   */
  drawnFromData?: boolean;
}

/**
 * Whether the page ships scripts: a route of it asks to hydrate and no error boundary draws
 * it. The server decides its nonce by this (entry.server.tsx), the root its <Scripts> (root.tsx).
 */
export function pageHydrates(handles: unknown[], hasError: boolean): boolean {
  return !hasError && handles.some((handle) => (handle as Partial<RouteHandle> | undefined)?.hydrate === true);
}

/** Whether the page's leaf route says it is drawn from its data alone (RouteHandle.drawnFromData). */
export function pageDrawnFromData(handles: unknown[]): boolean {
  return (handles.at(-1) as Partial<RouteHandle> | undefined)?.drawnFromData === true;
}
