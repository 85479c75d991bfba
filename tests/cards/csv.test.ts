import { describe, expect, it } from "vitest";
import { cardsCsv, csvCell, csvHeader } from "~/server/domain/cards/csv";

describe("card CSV export", () => {
  it("quotes per RFC 4180 and defuses spreadsheet formulas", () => {
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(null)).toBe("");
    expect(csvCell(12)).toBe("12");
    expect(csvCell(true)).toBe("true");
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('say "hi", then\nleave')).toBe('"say ""hi"", then\nleave"');
    expect(csvCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvCell("-1+2")).toBe("'-1+2");
    expect(csvCell("@x,y")).toBe(`"'@x,y"`);
  });

  it("writes the header, then every chunk of cards in order", async () => {
    async function* chunks() {
      yield [
        { slug: "a", name: "A", interactions_count: 1 },
        { slug: "b", name: "B" },
      ];
      yield [];
      yield [{ slug: "c", name: "C, Inc." }];
    }
    let text = "";
    for await (const chunk of cardsCsv(chunks())) text += chunk;
    const lines = text.split("\r\n");
    expect(lines[0]).toBe(csvHeader().trimEnd());
    expect(lines.slice(1, 4).map((l) => l.split(",")[0])).toEqual(["a", "b", "c"]);
    expect(lines[3]).toContain('"C, Inc."');
    expect(lines[1]!.split(",")[7]).toBe("1");
    expect(lines).toHaveLength(5); // header, three cards, and the empty string after the last CRLF
  });
});
