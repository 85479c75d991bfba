import { describe, expect, it } from "vitest";
import { addressKey, CLIENT_ADDRESS_HEADER, clientAddress, clientAddressOf } from "~/server/auth/client-address";

/** The client address the sign-in limit keys (server/auth/client-address.ts). */
describe("client address", () => {
  it("keys IPv4 as it is, IPv4-mapped IPv6 as IPv4, and IPv6 by its /64", () => {
    expect(addressKey("203.0.113.9")).toBe("203.0.113.9");
    expect(addressKey("::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(addressKey("::FFFF:198.51.100.2")).toBe("198.51.100.2");
    expect(addressKey("2001:db8:85a3:8d3:1319:8a2e:370:7348")).toBe("2001:db8:85a3:8d3::/64");
    expect(addressKey("2001:0db8:0000:0001::1")).toBe("2001:db8:0:1::/64");
    // Two addresses of one /64 are one client.
    expect(addressKey("2001:db8:0:1:ffff::2")).toBe(addressKey("2001:db8:0:1::1"));
    expect(addressKey("2001:db8:0:2::1")).not.toBe(addressKey("2001:db8:0:1::1"));
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressKey("64:ff9b::192.0.2.33")).toBe("64:ff9b:0:0::/64");
  });

  it("keys anything that is no address as unknown", () => {
    for (const bad of [undefined, "", "localhost", "1.2.3", "300.1.1.1", "::g", "1:2:3:4:5:6:7:8:9", "a b"]) {
      expect(addressKey(bad)).toBe("unknown");
    }
  });

  it("ignores X-Forwarded-For unless proxies are trusted", () => {
    expect(clientAddress("198.51.100.1", "203.0.113.50", 0)).toBe("198.51.100.1");
    expect(clientAddress("::ffff:10.0.0.2", ["203.0.113.50, 192.0.2.9"], 0)).toBe("10.0.0.2");
  });

  it("with N trusted proxies, takes the address N entries from the right of the chain", () => {
    // client 203.0.113.50 -> proxy 10.0.0.2 -> service; the client prepended a lie.
    expect(clientAddress("10.0.0.2", "1.1.1.1, 203.0.113.50", 1)).toBe("203.0.113.50");
    // Two proxies: the outer one appended the client, the inner one the outer one.
    expect(clientAddress("10.0.0.3", ["1.1.1.1, 203.0.113.50", "10.0.0.2"], 2)).toBe("203.0.113.50");
    expect(clientAddress("10.0.0.2", "[2001:db8::7]:443", 1)).toBe("2001:db8:0:0::/64");
    expect(clientAddress("10.0.0.2", "203.0.113.50:5555", 1)).toBe("203.0.113.50");
    // A chain shorter than the proxies trusted: its leftmost entry.
    expect(clientAddress("10.0.0.2", undefined, 1)).toBe("10.0.0.2");
    expect(clientAddress("10.0.0.2", "203.0.113.50", 3)).toBe("203.0.113.50");
  });

  it("reads the address server/http.ts put in the request, unknown without it", () => {
    expect(clientAddressOf(new Headers({ [CLIENT_ADDRESS_HEADER]: "203.0.113.9" }))).toBe("203.0.113.9");
    expect(clientAddressOf(new Headers())).toBe("unknown");
  });
});
