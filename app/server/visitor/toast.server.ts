// The flash cookie that carries one toast across a redirect (spec section 8: one toast at a
// time). It holds only the toast's code, is signed, and is cleared by the page that shows it.
import { createCookie } from "@remix-run/node";
import { isToastCode, toasts, type Toast, type ToastCode } from "../../funnel/toasts";
import { cookiesAreSecure } from "../config.server";
import { sessionSecret } from "./session-secret.server";

let cookie: ReturnType<typeof createCookie> | undefined;

function toastCookie() {
  cookie ??= createCookie("__toast", {
    httpOnly: true,
    sameSite: "lax",
    secure: cookiesAreSecure(),
    path: "/",
    // Long enough for the redirect that follows, short enough never to surprise her later.
    maxAge: 120,
    secrets: [sessionSecret()],
  });
  return cookie;
}

/** The Set-Cookie value that carries the toast to the next page. */
export function flashToast(code: ToastCode): Promise<string> {
  return toastCookie().serialize(code);
}

/**
 * The toast waiting for this page, if any, and the Set-Cookie value that clears it (so a
 * reload does not show it again).
 */
export async function takeToast(request: Request): Promise<{ toast: Toast | null; headers: HeadersInit }> {
  const code: unknown = await toastCookie().parse(request.headers.get("Cookie"));
  if (!isToastCode(code)) return { toast: null, headers: {} };
  return { toast: toasts[code], headers: { "Set-Cookie": await toastCookie().serialize("", { maxAge: 0 }) } };
}
