// The app's one logger: JSON lines on stdout, through pino. What we log names what
// happened, never who it happened to: no personal data, health answers, tokens or card
// details (callers pass error names and codes, not messages or bodies). As a second guard,
// fields that could carry such things are redacted wherever they appear.
import pino from "pino";

export const redactedPaths = [
  "*.email",
  "*.email_address",
  "*.phone",
  "*.firstName",
  "*.lastName",
  "*.token",
  "*.authorization",
  "*.cookie",
  "*.cardNumber",
  "*.securityCode",
  "req.headers",
  "req.query",
];

/**
 * Stdout, written in batches off the request's path (flushed at stop), and also LOG_FILE when
 * set, line by line (the end-to-end tests read the log of their run).
 */
function destination() {
  const stdout = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  const file = process.env.LOG_FILE;
  if (!file) return stdout;
  return pino.multistream([{ stream: stdout }, { stream: pino.destination({ dest: file, mkdir: true, sync: true }) }]);
}

export const log = pino(
  {
    level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
    base: { service: "funnel" },
    redact: { paths: redactedPaths, censor: "[redacted]" },
    // An error is logged by its kind only: messages from outside systems can quote what we sent.
    serializers: {
      err: (error: unknown) => ({ type: error instanceof Error ? error.name : typeof error }),
    },
  },
  destination(),
);
