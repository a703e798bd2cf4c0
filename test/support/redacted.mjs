// A database server's address fit for a log line, for the test runner (run-all.mjs, plain
// Node) and the PostgreSQL pass's setup alike.

/**
 * The address with its password left out.
 * @param {string} serverUrl
 * @returns {string}
 */
export function redacted(serverUrl) {
  try {
    const url = new URL(serverUrl);
    if (url.password) url.password = "***";
    return url.toString();
  } catch {
    return "(not a valid address)";
  }
}
