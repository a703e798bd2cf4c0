// The Zip Code checked against the State (spec section 2's shipping address): a ZIP that
// belongs to another state is refused with both named, on the server, with or without
// JavaScript. Pure: the server looks ZIPs up in a kept package of US ZIP codes and passes the
// lookup in (zip-codes.server.ts), so no page ships the data.
import { stateName } from "./state-availability";

export interface KnownZip {
  city: string;
  /** Two-letter code. */
  state: string;
}

export type ZipLookup = (zip: string) => KnownZip | undefined;

/** The five digits of "97206" or "97206-1234", or undefined. */
export function fiveDigitZip(typed: string): string | undefined {
  return /^\s*(\d{5})(?:-\d{4})?\s*$/.exec(typed)?.[1];
}

/**
 * Why this ZIP does not go with this state, or null. A ZIP the data does not know is let
 * through: new ZIP codes appear every year, and refusing a real one would stop her order;
 * the shipping address is checked again when the medication ships.
 */
export function zipStateProblem(typed: string, state: string, lookup: ZipLookup): string | null {
  const zip = fiveDigitZip(typed);
  if (!zip || !state) return null;
  const known = lookup(zip);
  if (!known || known.state === state) return null;
  return `ZIP code ${zip} is in ${stateName(known.state)}. Check the ZIP code or the state.`;
}
