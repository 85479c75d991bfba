/**
 * A count and its noun in the form English gives that count: "1 signal", "2 signals", "0 signals",
 * "1,204 signals" (thousands grouped). `other` is the plural when it is not the singular plus "s".
 * The server's messages and the workspace's pages say every count this one way.
 */
export function plural(n: number, one: string, other = `${one}s`): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? one : other}`;
}
