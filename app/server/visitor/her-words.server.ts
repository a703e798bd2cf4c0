// Her words made on the server for a route's data (a refusal, a line a loader picks, a
// hydrating page's messages). A route imports them from here, a `.server` module, so the
// browser's copy of the route never carries the catalogues or @formatjs/intl.
export { clientCatalogue, translator } from "../../i18n/messages";
