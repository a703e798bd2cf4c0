// US ZIP codes from a kept package (`zipcodes`: the ZIP, its city and state, bundled with the
// package, no network), read on the server only: its data is 5 MB, never sent to a page.
import zipcodes from "zipcodes";
import type { KnownZip } from "../../funnel/zip-codes";

export function lookUpZip(zip: string): KnownZip | undefined {
  const found = zipcodes.lookup(zip);
  return found && found.country === "US" ? { city: found.city, state: found.state } : undefined;
}
