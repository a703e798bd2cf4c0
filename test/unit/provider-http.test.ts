import { describe, expect, it } from "vitest";
import { providerUrl } from "../../app/server/provider/http.server";

describe("provider addresses", () => {
  it("keeps the base address's own path", () => {
    expect(providerUrl("https://api.example.org/v2/", "/api/hrt_checkout/sales_funnel")).toBe(
      "https://api.example.org/v2/api/hrt_checkout/sales_funnel",
    );
    expect(providerUrl("https://api.example.org", "/x")).toBe("https://api.example.org/x");
  });
});
