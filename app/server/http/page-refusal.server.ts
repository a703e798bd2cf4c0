// A page's refusal that no form on it can show: the root error boundary's page, with the
// message and a way back (ErrorBoundary in root.tsx reads { message, returnTo, returnLabel }).
import { data } from "@remix-run/node";

/**
 * A page's refusal that no form can show (a flow not hers, a post no page of ours sends):
 * the root error boundary's page, with the message and, when given, a way back.
 */
export function refusePage(status: number, message: string, returnTo?: string, headers?: HeadersInit, returnLabel?: string): never {
  throw data({ message, returnTo, returnLabel }, { status, headers });
}
