// The owner's sign-in, made once per worker and reused by every test that needs the owner
// signed in, as Epic Stack's `login` fixture writes the session rather than typing it. The
// sign-in is the console's own form, posted as her browser would post it (the password hashed
// and checked, the session row made, the sign-in audited); its cookies become the storage
// state each test's owner browser starts from. The sign-in page itself, as she meets it, is
// owner-console.e2e.ts's; two-step sign-in, staff-console's and console-guessing's.
// Imports nothing from fixtures.ts, which imports this file.
import { expect, type APIRequestContext, type BrowserContextOptions } from "@playwright/test";
import { ownerEmail, ownerPassword } from "./servers";

export type StorageState = Exclude<BrowserContextOptions["storageState"], string | undefined>;

/** Signs the owner in at `origin`; the cookies her browser would keep. */
export async function ownerSignedIn(
  newRequest: (options: { baseURL: string }) => Promise<APIRequestContext>,
  origin: string,
): Promise<StorageState> {
  const request = await newRequest({ baseURL: origin });
  try {
    // The sign-in form is the console's index route: Remix posts it to /owner?index.
    const answer = await request.post("/owner?index", {
      form: { email: ownerEmail, password: ownerPassword },
      headers: { Origin: origin },
      maxRedirects: 0,
    });
    expect(answer.status(), "the owner's sign-in answers with her first page").toBe(303);
    expect(answer.headers()["location"]).toBe("/owner/orders");
    const state = await request.storageState();
    expect(state.cookies.map((cookie) => cookie.name)).toContain("__owner");
    return state;
  } finally {
    await request.dispose();
  }
}
