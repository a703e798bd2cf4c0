// The emailed link to her consumer health data: a request's id signed for this purpose only, so
// it opens that request's flows and nothing else. It expires (the request keeps when) and
// deletes once (the request keeps that too): the signature alone says only which request.
import type { Language } from "../../i18n/languages";
import { publicUrl } from "../config.server";
import { idOfUuid, signerFor, uuidOfId } from "../secrets/signed-link.server";

const tokenPattern = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

const healthDataLinkSigner = signerFor({ key: "health-data-link" });

export function healthDataLinkToken(requestId: string): string {
  return `${idOfUuid(requestId)}.${healthDataLinkSigner.sign(requestId)}`;
}

/** In the language she asked in: the page it opens is drawn in it. */
export function healthDataLink(requestId: string, language: Language): string {
  return `${publicUrl()}/health-data-privacy/${healthDataLinkToken(requestId)}${language === "en" ? "" : `?lang=${language}`}`;
}

/** The request a token names, when we signed it. */
export function requestIdOfToken(token: string): string | undefined {
  const match = tokenPattern.exec(token);
  if (!match) return undefined;
  const id = uuidOfId(match[1]!);
  return id && healthDataLinkSigner.matches(match[2]!, id) ? id : undefined;
}
