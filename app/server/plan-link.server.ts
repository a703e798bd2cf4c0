// The address of her plan's printable summary (/plan/{token}), to share with her own doctor:
// the flow's uuid signed by the server for this purpose only, so the uuid alone opens nothing
// and no other token of ours passes for it. Read-only: it shows the plan and nothing else.
import { createHmac, timingSafeEqual } from "node:crypto";
import { publicUrl } from "./config.server";
import { sessionSecret } from "./session-secret.server";

const tokenPattern = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

function signature(responderUuid: string): Buffer {
  const key = createHmac("sha256", sessionSecret()).update("plan-summary").digest();
  return createHmac("sha256", key).update(responderUuid).digest();
}

export function planSummaryToken(responderUuid: string): string {
  const id = Buffer.from(responderUuid.replace(/-/g, ""), "hex").toString("base64url");
  return `${id}.${signature(responderUuid).toString("base64url")}`;
}

export const planSummaryPath = (responderUuid: string) => `/plan/${planSummaryToken(responderUuid)}`;
export const planSummaryUrl = (responderUuid: string) => `${publicUrl()}${planSummaryPath(responderUuid)}`;

/** The flow a token names, or undefined when it is not ours or was changed. */
export function readPlanSummaryToken(token: string): string | undefined {
  const match = tokenPattern.exec(token);
  if (!match) return undefined;
  const hex = Buffer.from(match[1]!, "base64url").toString("hex");
  if (!/^[0-9a-f]{32}$/.test(hex) || Buffer.from(hex, "hex").toString("base64url") !== match[1]) return undefined;
  const responderUuid = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  // Compared as text: base64url's last character carries spare bits a decoder ignores.
  const given = Buffer.from(match[2]!);
  const expected = Buffer.from(signature(responderUuid).toString("base64url"));
  return given.length === expected.length && timingSafeEqual(given, expected) ? responderUuid : undefined;
}
