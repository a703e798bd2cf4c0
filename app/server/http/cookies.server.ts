// What every cookie of ours carries: out of scripts' reach, sent with her own visits but not
// with another site's requests, Secure where the site is served over HTTPS (COOKIE_SECURE),
// and, where it must not be forged, signed with a secret of its own.
import { createCookie, type Cookie, type CookieOptions } from "@remix-run/node";
import { cookiesAreSecure } from "../config.server";

export function cookieAttributes({ path, maxAge, secret }: { path: string; maxAge: number; secret?: string }): CookieOptions {
  return {
    httpOnly: true,
    sameSite: "lax",
    secure: cookiesAreSecure(),
    path,
    maxAge,
    ...(secret === undefined ? {} : { secrets: [secret] }),
  };
}

/** A cookie made on its first use (when its secret and the configuration can be read), the same one after. */
export function cookieOnFirstUse(name: string, attributes: () => CookieOptions): () => Cookie {
  let cookie: Cookie | undefined;
  return () => (cookie ??= createCookie(name, attributes()));
}
