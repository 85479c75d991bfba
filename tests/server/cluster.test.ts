import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { httpProcessCount } from "~/server/cluster";
import type { TEnv } from "~/server/env";

const config = (HTTP_PROCESSES: TEnv["HTTP_PROCESSES"]) => ({ HTTP_PROCESSES }) as TEnv;

describe("httpProcessCount", () => {
  it("is one per core, at most 4, on PostgreSQL", () => {
    expect(httpProcessCount(config("auto"), "postgres", false)).toBe(Math.min(availableParallelism(), 4));
  });
  it("is 1 on the embedded database and under next dev", () => {
    expect(httpProcessCount(config("auto"), "embedded", false)).toBe(1);
    expect(httpProcessCount(config("auto"), "postgres", true)).toBe(1);
  });
  it("follows an explicit HTTP_PROCESSES", () => {
    expect(httpProcessCount(config(3), "embedded", false)).toBe(3);
    expect(httpProcessCount(config(1), "postgres", false)).toBe(1);
  });
});

describe("HTTP_PROCESSES", () => {
  it.each([
    ["auto", "auto"],
    ["2", 2],
    [undefined, "auto"],
  ])("%s is read as %s", async (value, expected) => {
    const { env, resetEnvCache } = await import("~/server/env");
    const before = process.env.HTTP_PROCESSES;
    try {
      if (value === undefined) delete process.env.HTTP_PROCESSES;
      else process.env.HTTP_PROCESSES = value;
      resetEnvCache();
      expect(env().HTTP_PROCESSES).toBe(expected);
    } finally {
      if (before === undefined) delete process.env.HTTP_PROCESSES;
      else process.env.HTTP_PROCESSES = before;
      resetEnvCache();
    }
  });

  it.each(["0", "many", "1.5"])("refuses %s", async (value) => {
    const { env, resetEnvCache } = await import("~/server/env");
    process.env.HTTP_PROCESSES = value;
    try {
      resetEnvCache();
      expect(() => env()).toThrow(/HTTP_PROCESSES/);
    } finally {
      delete process.env.HTTP_PROCESSES;
      resetEnvCache();
    }
  });
});
