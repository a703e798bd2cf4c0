// The warning that a production server behind a proxy cannot tell clients apart: once per
// process, only in production without TRUST_PROXY, and never naming the address.
import { describe, expect, it, vi } from "vitest";
import { untrustedProxyWarning, untrustedProxyWatch } from "../../app/server/http/untrusted-proxy.server";

describe("the untrusted proxy warning", () => {
  it("is logged on the first request from a private peer in production without TRUST_PROXY, and never again", () => {
    const warn = vi.fn();
    const noticeSharedPeer = untrustedProxyWatch({ production: true, trustProxy: false }, warn);
    expect(warn).not.toHaveBeenCalled();
    for (let request = 0; request < 5; request++) noticeSharedPeer();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(untrustedProxyWarning);
  });

  it("says what to do and names no address", () => {
    expect(untrustedProxyWarning).toContain("TRUST_PROXY=true");
    expect(untrustedProxyWarning).not.toMatch(/\d+\.\d+\.\d+\.\d+|::/);
  });

  it("is not logged with TRUST_PROXY set, nor outside production", () => {
    for (const settings of [
      { production: true, trustProxy: true },
      { production: false, trustProxy: false },
    ]) {
      const warn = vi.fn();
      const noticeSharedPeer = untrustedProxyWatch(settings, warn);
      noticeSharedPeer();
      noticeSharedPeer();
      expect(warn).not.toHaveBeenCalled();
    }
  });
});
