/**
 * Cycles between sibling folders in an import graph. An import from a/b/x.ts into a/c/y.ts is an
 * edge between the folders a/b and a/c (the children of their deepest common folder that hold the
 * two files); an import into a file that sits directly in the common folder (a/trpc.ts) is a use of
 * the parent's shared code, not an edge. Cycles are the strongly connected components of two or more
 * folders (Tarjan's algorithm, iterative: no recursion, whatever the graph's depth).
 */
export interface TEdge {
  from: string;
  to: string;
}

function siblingFolders(from: string, to: string): [string, string] | null {
  const a = from.split("/");
  const b = to.split("/");
  let i = 0;
  while (i < a.length - 1 && i < b.length - 1 && a[i] === b[i]) i++;
  // Either file directly in the common folder: no folder-to-folder edge.
  if (i >= a.length - 1 || i >= b.length - 1) return null;
  return [a.slice(0, i + 1).join("/"), b.slice(0, i + 1).join("/")];
}

export function folderCycles(edges: TEdge[]): string[][] {
  const graph = new Map<string, Set<string>>();
  for (const e of edges) {
    const pair = siblingFolders(e.from, e.to);
    if (!pair) continue;
    const [x, y] = pair;
    if (!graph.has(x)) graph.set(x, new Set());
    if (!graph.has(y)) graph.set(y, new Set());
    graph.get(x)!.add(y);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let counter = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; next: Iterator<string> }[] = [];
    const visit = (node: string) => {
      index.set(node, counter);
      low.set(node, counter);
      counter++;
      stack.push(node);
      onStack.add(node);
      work.push({ node, next: graph.get(node)!.values() });
    };
    visit(start);
    while (work.length) {
      const frame = work[work.length - 1]!;
      const step = frame.next.next();
      if (!step.done) {
        const w = step.value;
        if (!index.has(w)) visit(w);
        else if (onStack.has(w)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(w)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          component.push(w);
        } while (w !== frame.node);
        if (component.length > 1) cycles.push(component.sort());
      }
    }
  }
  return cycles.sort((p, q) => p[0]!.localeCompare(q[0]!));
}
