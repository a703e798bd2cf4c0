// The flash cookie that carries one toast across a redirect (spec section 8: one toast at a
// time). It holds only the toast's code, is signed, and is cleared by the page that shows it.
import { isToastCode, toasts, type Toast, type ToastCode } from "../../funnel/toasts";
import { cookieAttributes, cookieOnFirstUse } from "../http/cookies.server";
import { sessionSecret } from "./session-secret.server";

// Two minutes: long enough for the redirect that follows, short enough never to surprise her later.
const toastCookie = cookieOnFirstUse("__toast", () => cookieAttributes({ path: "/", maxAge: 120, secret: sessionSecret() }));

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
