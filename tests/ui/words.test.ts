import { describe, expect, it } from "vitest";
import { fieldMessage } from "~/app/_ui/api-message";
import { failureText, IDENTIFIER_NAMES } from "~/app/(workspace)/radar/radar-types";
import { plural } from "~/server/lib/plural";

/** Counts, refusals and failures as the workspace words them. */

describe("plural", () => {
  it("says one thing in the singular and any other count in the plural", () => {
    expect(plural(1, "signal")).toBe("1 signal");
    expect(plural(2, "signal")).toBe("2 signals");
    expect(plural(0, "signal")).toBe("0 signals");
    expect(plural(1204, "card")).toBe("1,204 cards");
    expect(plural(3, "new card")).toBe("3 new cards");
    expect(plural(2, "person", "people")).toBe("2 people");
  });
});

describe("fieldMessage", () => {
  const names = { url: "the URL", network_a_url: "the profile URL" };
  it("names the field in words, never the API's parameter, and ends the sentence", () => {
    expect(fieldMessage("url: must use http or https", names)).toEqual({ field: "url", text: "The URL must use http or https." });
    expect(fieldMessage("network_a_url: must be on network-a.example, not example.com", names)).toEqual({
      field: "network_a_url",
      text: "The profile URL must be on network-a.example, not example.com.",
    });
    expect(fieldMessage("url: names a host whose address could not be found (x.invalid)", names).text).toBe(
      "The URL names a host whose address could not be found (x.invalid).",
    );
  });

  it("keeps a message of no named field as a sentence", () => {
    expect(fieldMessage("Give one identifier of the profile: username, network_a_url.", names)).toEqual({
      field: null,
      text: "Give one identifier of the profile: username, network_a_url.",
    });
    expect(fieldMessage("events: must not be empty", names)).toEqual({ field: null, text: "events: must not be empty." });
    expect(fieldMessage("constructor: x", names).field).toBeNull();
  });
});

describe("radar failures", () => {
  it("say the reason in words, with the attempt when asked", () => {
    const error = { code: "profile_not_found", message: "No Network B profile matches username 'x'." };
    expect(failureText(error, 2)).toBe("Profile not found (attempt 2): No Network B profile matches username 'x'.");
    expect(failureText(error)).toBe("Profile not found: No Network B profile matches username 'x'.");
    expect(failureText({ code: "quota_exhausted_upstream", message: "Try later." })).toBe("Quota exhausted upstream: Try later.");
    expect(Object.keys(IDENTIFIER_NAMES).sort()).toEqual(["network_a_url", "network_b_url", "network_b_user_id", "username"]);
  });
});
