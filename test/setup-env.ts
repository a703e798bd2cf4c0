// Every test process gets its own in-memory PGlite unless DATABASE_URL names a server.
process.env.DATA_DIR ??= "memory://";
process.env.COOKIE_SECURE ??= "false";
process.env.OUTBOX_POLL_MS ??= "600000";
process.env.INTAKE_URL ??= "/checkout/{responderUuid}";
// The secret the test tokens are signed with (test/support/tokens.ts).
process.env.TOKEN_SECRET ??= "test-token-secret-0123456789-abcdefghijklmnop";
