// Remix's route discovery (/__manifest) asked more than a page of ours asks: refused before
// Remix matches every leading part of every path (a second of CPU for one 7 KB address).
import { describe, expect, it } from "vitest";
import { manifestAskBounds, manifestAskRefused } from "../../app/server/http/manifest-request.server";

function ask(paths: string[], version = "cf84db6f"): string {
  const query = new URLSearchParams();
  for (const path of paths) query.append("p", path);
  query.set("version", version);
  return `/__manifest?${query}`;
}

describe("an ask of Remix's route discovery", () => {
  it("goes on when it is what a page of ours asks: a few links of a few segments", () => {
    expect(manifestAskRefused(ask(["/final-checkout/7d9c3c1e-2f6b-4f7e-9a55-0c0d6c1b1e11", "/terms", "/privacy", "/welcome"]))).toBe(false);
    expect(manifestAskRefused(ask(["/subscription/abc/receipts/def"]))).toBe(false);
    // Fifty order links of the console's list share their leading parts.
    expect(manifestAskRefused(ask(Array.from({ length: 50 }, (_, i) => `/owner/orders/MC-AAAA-${String(i).padStart(4, "0")}`)))).toBe(
      false,
    );
    expect(manifestAskRefused(ask([]))).toBe(false);
  });

  it("is refused for one path deeper than any route, as the 7 KB attack sends", () => {
    expect(manifestAskRefused(ask([`/${Array.from({ length: 3700 }, () => "a").join("/")}`]))).toBe(true);
    const deepest = `/${Array.from({ length: manifestAskBounds.segments }, () => "a").join("/")}`;
    expect(manifestAskRefused(ask([deepest]))).toBe(false);
    expect(manifestAskRefused(ask([`${deepest}/a`]))).toBe(true);
  });

  it("is refused for many different short paths, past the bound of leading parts together", () => {
    const paths = Array.from({ length: 300 }, (_, i) => `/p${i}/a/b`);
    expect(manifestAskRefused(ask(paths))).toBe(true);
    expect(manifestAskRefused(ask(paths.slice(0, manifestAskBounds.partialPaths / 3)))).toBe(false);
  });

  it("leaves every other address alone, whatever its query", () => {
    expect(manifestAskRefused(`/welcome?p=/${"a/".repeat(100)}`)).toBe(false);
    expect(manifestAskRefused("/__manifest-not")).toBe(false);
  });
});
