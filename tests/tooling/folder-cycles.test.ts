import { describe, expect, it } from "vitest";
import { folderCycles } from "~/scripts/layers/folder-cycles";

describe("folderCycles", () => {
  it("finds sibling folders that import each other, through any number of folders", () => {
    const cycles = folderCycles([
      { from: "server/domain/radar/a.ts", to: "server/domain/webhooks/b.ts" },
      { from: "server/domain/webhooks/c.ts", to: "server/domain/radar/d.ts" },
      { from: "server/domain/cards/a.ts", to: "server/domain/userdata/b.ts" },
      { from: "server/domain/userdata/b.ts", to: "server/domain/reference/c.ts" },
      { from: "server/domain/reference/c.ts", to: "server/domain/cards/x.ts" },
    ]);
    expect(cycles).toEqual([
      ["server/domain/cards", "server/domain/reference", "server/domain/userdata"],
      ["server/domain/radar", "server/domain/webhooks"],
    ]);
  });

  it("compares the subtrees below the deepest common folder", () => {
    expect(
      folderCycles([
        { from: "server/domain/radar/x/a.ts", to: "server/auth/b.ts" },
        { from: "server/auth/oauth/c.ts", to: "server/domain/webhooks/d.ts" },
      ]),
    ).toEqual([["server/auth", "server/domain"]]);
  });

  it("treats a file of the common folder as shared code, not as a folder of its own", () => {
    expect(
      folderCycles([
        { from: "server/api/root.ts", to: "server/api/routers/cards/_router.ts" },
        { from: "server/api/routers/cards/list.ts", to: "server/api/trpc.ts" },
        { from: "server/api/routers/cards/list.ts", to: "server/api/routers/shared.ts" },
      ]),
    ).toEqual([]);
  });

  it("walks a long chain without recursion", () => {
    const edges = Array.from({ length: 20_000 }, (_, i) => ({ from: `f${i}/a.ts`, to: `f${i + 1}/a.ts` }));
    edges.push({ from: "f20000/a.ts", to: "f0/a.ts" });
    const cycles = folderCycles(edges);
    expect(cycles).toHaveLength(1);
    expect(cycles[0]).toHaveLength(20_001);
  });
});
