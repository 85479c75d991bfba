import { describe, expect, it } from "vitest";
import { canonicalTimestamp, isCalendarDate } from "~/server/domain/import/values";

/** Timestamps keep their instant to the microsecond in one canonical UTC form. */

describe("canonicalTimestamp", () => {
  it.each([
    ["2024-05-01T10:00:00.123Z", "2024-05-01T10:00:00.123000Z"],
    ["2024-05-01T10:00:00.123456Z", "2024-05-01T10:00:00.123456Z"],
    ["2024-05-01T10:00:00Z", "2024-05-01T10:00:00.000000Z"],
    ["2024-05-01", "2024-05-01T00:00:00.000000Z"],
    ["2024-05-01T10:00", "2024-05-01T10:00:00.000000Z"],
    ["2024-05-01 10:00:00.5+02:00", "2024-05-01T08:00:00.500000Z"],
    ["2024-05-01T01:00:00.1234567-0130", "2024-05-01T02:30:00.123456Z"],
    ["2024-02-29T23:59:59.999999Z", "2024-02-29T23:59:59.999999Z"],
  ])("%s -> %s", (input, output) => {
    expect(canonicalTimestamp(input)).toBe(output);
  });

  it.each([
    "yesterday",
    "2024-02-30T00:00:00.000Z",
    "2023-02-29",
    "2024-13-01",
    "2024-05-01T24:00:00Z",
    "2024-05-01T10:61:00Z",
    "2024-05-01T10:00:00.123ZZ",
    "",
    "12345",
  ])("rejects %j", (input) => {
    expect(canonicalTimestamp(input)).toBeNull();
  });

  it("checks calendar dates", () => {
    expect(isCalendarDate("2024-02-29")).toBe(true);
    expect(isCalendarDate("2023-02-29")).toBe(false);
    expect(isCalendarDate("2024-2-1")).toBe(false);
    expect(isCalendarDate(20240101)).toBe(false);
  });
});
