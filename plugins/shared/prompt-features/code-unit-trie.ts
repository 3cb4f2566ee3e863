/**
 * A trie of literals over UTF-16 code units, laid out in typed arrays so that a walk along a text
 * hashes nothing: the child of a node by an ASCII unit is read from a table, by another unit from
 * one map. Each literal carries a number (a pattern's index, say); a node lists the numbers of the
 * literals ending there.
 */
export class CodeUnitTrie {
  /** Number of nodes; the root is node 0. */
  readonly size: number;
  /** The column of each ASCII code unit some literal holds (1..), 0 for the others. */
  private readonly column = new Uint8Array(128);
  private readonly columns: number;
  /** Child of node n by ASCII unit c: next[n * columns + column[c] - 1] (0: none; the root is no one's child). */
  private readonly next: Int32Array;
  /** Child of node n by a unit c beyond ASCII, keyed n * 0x10000 + c. */
  private readonly wide = new Map<number, number>();
  /** The numbers of the literals ending at node n: ends[endsFrom[n] .. endsFrom[n + 1]). */
  readonly endsFrom: Int32Array;
  readonly ends: Int32Array;

  /** A trie of `literals`, each with its number. */
  constructor(literals: Iterable<readonly [string, number]>) {
    interface Node {
      next: Map<number, Node>;
      ends: number[];
    }
    const root: Node = { next: new Map(), ends: [] };
    for (const [literal, value] of literals) {
      let node = root;
      for (let i = 0; i < literal.length; i++) {
        const code = literal.charCodeAt(i);
        let child = node.next.get(code);
        if (!child) node.next.set(code, (child = { next: new Map(), ends: [] }));
        node = child;
      }
      node.ends.push(value);
    }
    // Numbered breadth first, the root 0.
    const nodes = [root];
    for (let i = 0; i < nodes.length; i++) for (const child of nodes[i].next.values()) nodes.push(child);
    const number = new Map(nodes.map((node, i) => [node, i]));
    let columns = 0;
    for (const node of nodes) for (const code of node.next.keys()) if (code < 128 && this.column[code] === 0) this.column[code] = ++columns;
    this.columns = columns;
    this.size = nodes.length;
    this.next = new Int32Array(nodes.length * columns);
    this.endsFrom = new Int32Array(nodes.length + 1);
    this.ends = Int32Array.from(nodes.flatMap((node) => node.ends));
    nodes.forEach((node, n) => {
      this.endsFrom[n + 1] = this.endsFrom[n] + node.ends.length;
      for (const [code, child] of node.next) {
        if (code < 128) this.next[n * columns + this.column[code] - 1] = number.get(child)!;
        else this.wide.set(n * 0x10000 + code, number.get(child)!);
      }
    });
  }

  /** The child of `node` by code unit `code`, or 0 when there is none. */
  child(node: number, code: number): number {
    if (code >= 128) return this.wide.get(node * 0x10000 + code) ?? 0;
    const column = this.column[code];
    return column === 0 ? 0 : this.next[node * this.columns + column - 1];
  }

  /** Whether some literal ends at `node`. */
  endsAt(node: number): boolean {
    return this.endsFrom[node + 1] > this.endsFrom[node];
  }
}
