// The common and leaked passwords a staff password may not be (decision 0038): the
// "passwords-common" list of @zxcvbn-ts/language-common, about 49,000 passwords found more than
// ten times in a corpus of ten million leaked ones, in lower case. Read from the package's
// JSON when a password is chosen (a setup link, a change of one's own), and not kept: that is
// rare, reading it takes a few milliseconds, and held it would be megabytes of strings for the
// life of the process.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { RefusedPasswords } from "../../funnel/staff";

const require = createRequire(import.meta.url);

/** The list as the package ships it: a JSON array of strings. */
function readList(): string[] {
  const file = require.resolve("@zxcvbn-ts/language-common/src/passwords.json");
  const list: unknown = JSON.parse(readFileSync(file, "utf8"));
  // An update that moved or changed the list must not leave every password accepted.
  if (!Array.isArray(list) || list.length < 10_000 || !list.every((entry) => typeof entry === "string")) {
    throw new Error(`the refused-password list at ${file} is not the list of strings it should be`);
  }
  return list;
}

/** The refused passwords, read now. */
export function refusedPasswords(): RefusedPasswords {
  const list = readList();
  return { has: (password) => list.includes(password) };
}
