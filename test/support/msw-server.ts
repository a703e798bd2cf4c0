// One MSW server for a test file's stand-ins: listening from the file's first test to its
// last, and any request no handler answers an error the test hears about.
import { setupServer } from "msw/node";
import { afterAll, beforeAll, beforeEach } from "vitest";

export function listenWithMsw(handlers: Parameters<typeof setupServer>): void {
  const server = setupServer(...handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterAll(() => server.close());
}

/** A stand-in for every test of a file: answering throughout, and fresh before each test. */
export function useStandIn<T extends { reset(): void }>({
  standIn,
  handlers,
}: {
  standIn: T;
  handlers: Parameters<typeof setupServer>;
}): T {
  listenWithMsw(handlers);
  beforeEach(() => standIn.reset());
  return standIn;
}
