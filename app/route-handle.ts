// What a route tells the root about itself.
export interface RouteHandle {
  /** The page's title; "Error: " is put before it when a form on the page has errors. */
  title: string;
  /** True only for routes that need JavaScript in the browser (the card element). */
  hydrate?: boolean;
}
