// The Spanish catalogue's words the bench presses, read from the catalogue's source (the
// bench runs the built app with plain Node, which does not load TypeScript): the same buttons
// as in English, so the Spanish pages are weighed as a visitor reaches them.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";

const i18n = new URL("../app/i18n/", import.meta.url).pathname;
const sources = [
  path.join(i18n, "es.ts"),
  ...readdirSync(path.join(i18n, "areas"))
    .filter((f) => f.endsWith(".es.ts"))
    .map((f) => path.join(i18n, "areas", f)),
];
const text = sources.map((file) => readFileSync(file, "utf8")).join("\n");

/** The Spanish of a message without placeholders, e.g. `spanish("welcome.submit")`. */
export function spanish(id) {
  const found = new RegExp(`"${id.replace(/\./g, "\\.")}":\\s*"((?:[^"\\\\]|\\\\.)*)"`).exec(text);
  if (!found) throw new Error(`no Spanish for ${id} in app/i18n`);
  return JSON.parse(`"${found[1]}"`);
}

/** The buttons walkFunnel presses, in Spanish. */
export const spanishButtons = {
  welcome: spanish("welcome.submit"),
  concerns: spanish("concerns.submit"),
  socialProof: spanish("socialProof.submit"),
  addToPlan: spanish("selection.addToPlan"),
  preCheckout: spanish("preCheckout.buttonCurrent"),
  completePurchase: spanish("finalCheckout.completePurchase"),
};
