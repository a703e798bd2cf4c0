// The page's CSP nonce: the server draws one per page and gives it to the scripts
// Remix writes; in the browser it is not needed (and not readable).
import { createContext, useContext } from "react";

export const NonceContext = createContext("");

export function useNonce(): string {
  return useContext(NonceContext);
}
