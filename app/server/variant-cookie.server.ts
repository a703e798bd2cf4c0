// Her A/B variant: the `variant` link parameter, else the cookie that keeps her
// earlier assignment, else a draw by the configured split. The cookie holds only the name of
// the variant: nothing is written to the database for a visit.
import { randomInt } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { assignVariant, readVariant, type Variant } from "../funnel/variant";
import { config, cookiesAreSecure } from "./config.server";

const variantCookie = () =>
  createCookie("funnel_variant", {
    httpOnly: true,
    sameSite: "lax",
    secure: cookiesAreSecure(),
    path: "/",
    maxAge: 60 * 60 * 24 * 90,
  });

/**
 * Her variant, and the cookie to keep it when it is new. While everyone gets "current" (no
 * split configured) a visitor without a `variant` link gets no cookie at all.
 */
export async function variantOf(request: Request): Promise<{ variant: Variant; setCookie?: string }> {
  const cookie = variantCookie();
  const kept: unknown = await cookie.parse(request.headers.get("Cookie"));
  const requested = new URL(request.url).searchParams.get("variant");
  const classicPercent = config().CLASSIC_VARIANT_PERCENT;
  const variant = assignVariant({
    requested,
    kept: typeof kept === "string" ? kept : null,
    classicPercent,
    draw: randomInt(1_000_000) / 1_000_000,
  });
  const worthKeeping = readVariant(requested) !== undefined || classicPercent > 0;
  return { variant, setCookie: kept === variant || !worthKeeping ? undefined : await cookie.serialize(variant) };
}
