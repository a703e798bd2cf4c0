import { useActionData, useLocation } from "@remix-run/react";

/**
 * The action of a form that posts back to its page's own address. On the page every new
 * visitor shares there is none: the browser posts to the address it shows, tracking params
 * and all, so the page's bytes do not depend on them. On the reply to a post (drawn for her
 * alone) it names that address without a fragment, so a jump to a field from the error
 * summary (#field) does not follow her to the next page.
 */
export function useOwnAddressAction(): string | undefined {
  const replied = useActionData() !== undefined;
  const { pathname, search } = useLocation();
  return replied ? `${pathname}${search}` : undefined;
}
