// Her A/B variant: the `variant` link parameter, else the cookie that keeps her
// earlier assignment, else a draw by the configured split. The cookie holds only the name of
// the variant: nothing is written to the database for a visit.
import { randomInt } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { assignVariant, readVariant, type Variant } from "../../funnel/variant";
import { config } from "../config.server";
import { cookieAttributes } from "../http/cookies.server";

const variantCookie = () => createCookie("funnel_variant", cookieAttributes({ path: "/", maxAge: 60 * 60 * 24 * 90 }));

/**
 * Her variant, whether her address asked for it, and the cookie to keep it when it is new.
 * While everyone gets "current" (no split configured) a visitor without a `variant` link gets
 * no cookie at all; an entry page (`remember: false`) never sets it: it hands the variant on
 * in its link instead, and her first answer keeps it.
 */
export async function variantOf(
  request: Request,
  { remember = true }: { remember?: boolean } = {},
): Promise<{ variant: Variant; from: "link" | "cookie" | "draw"; setCookie?: string }> {
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
  const from = readVariant(requested) ? "link" : readVariant(kept) ? "cookie" : "draw";
  const worthKeeping = remember && (from === "link" || classicPercent > 0);
  return {
    variant,
    from,
    setCookie: kept === variant || !worthKeeping ? undefined : await cookie.serialize(variant),
  };
}
