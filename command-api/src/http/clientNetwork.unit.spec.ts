import type { Request } from "express";
import { describe, expect, it } from "vitest";
import { clientNetwork } from "./clientNetwork.ts";

const of = (ip: string | undefined) => clientNetwork({ ip } as Request);

describe("clientNetwork", () => {
  it("counts an IPv4 client by its address", () => {
    expect(of("203.0.113.7")).toBe("203.0.113.7");
    expect(of("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("counts an IPv6 client by its /64, however the address is written", () => {
    const net = "2001:db8:1:2::/64";
    expect(of("2001:db8:1:2::1")).toBe(net);
    expect(of("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe(net);
    expect(of("2001:db8:1:2:a:b:c:d")).toBe(net);
    expect(of("2001:db8:1:2::10.0.0.1")).toBe(net);
    expect(of("2001:db8:1:3::1")).not.toBe(net);
    expect(of("::1")).toBe("0:0:0:0::/64");
    expect(of("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });

  it("keeps anything else apart from real addresses", () => {
    expect(of(undefined)).toBe("unknown");
  });
});
