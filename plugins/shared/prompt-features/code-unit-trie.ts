/**
 * A trie of literals over UTF-16 code units, laid out in typed arrays so that a walk along a text
 * hashes nothing and stays in the cache. Nodes are numbered depth first, so a node's children
 * follow it and a walk down a chain of single children (most of a long literal) reads the arrays
 * in order; each node lists its children's code units in order, and the few nodes with many
 * children (the root, the first letters of words) also have a table by ASCII unit. Each literal
 * carries a number (a pattern's index, say); a node lists the numbers of the literals ending there.
 */
/** Nodes with more children than this have a table row: a sorted list is read a child at a time. */
const DENSE_FROM = 6;

export class CodeUnitTrie {
  /** Number of nodes; the root is node 0. */
  readonly size: number;
  /** The children of node n: code units edgeCode[edgeFrom[n] .. edgeFrom[n + 1]) in increasing order, and the nodes they lead to in edgeChild. */
  private readonly edgeFrom: Int32Array;
  private readonly edgeCode: Uint16Array;
  private readonly edgeChild: Int32Array;
  /** For a node with more than DENSE_FROM children, where its row of `dense` begins (-1 for the others). */
  private readonly denseRow: Int32Array;
  /** The child of such a node by each ASCII code unit, 128 a row (0: none). */
  private readonly dense: Int32Array;
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
    // Numbered depth first (pre-order), children in order of their code unit; an explicit stack,
    // as a literal may be long.
    const nodes: Node[] = [];
    const stack: Node[] = [root];
    while (stack.length > 0) {
      const node = stack.pop()!;
      nodes.push(node);
      node.next = new Map([...node.next].sort((x, y) => x[0] - y[0]));
      const children = [...node.next.values()];
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
    }
    const number = new Map(nodes.map((node, i) => [node, i]));
    this.size = nodes.length;
    this.edgeFrom = new Int32Array(nodes.length + 1);
    this.edgeCode = new Uint16Array(nodes.length - 1);
    this.edgeChild = new Int32Array(nodes.length - 1);
    this.endsFrom = new Int32Array(nodes.length + 1);
    this.ends = Int32Array.from(nodes.flatMap((node) => node.ends));
    let edge = 0;
    nodes.forEach((node, n) => {
      this.endsFrom[n + 1] = this.endsFrom[n] + node.ends.length;
      for (const [code, child] of node.next) {
        this.edgeCode[edge] = code;
        this.edgeChild[edge] = number.get(child)!;
        edge++;
      }
      this.edgeFrom[n + 1] = edge;
    });
    this.denseRow = new Int32Array(nodes.length).fill(-1);
    const many = nodes.filter((node) => node.next.size > DENSE_FROM);
    this.dense = new Int32Array(many.length * 128);
    many.forEach((node, row) => {
      this.denseRow[number.get(node)!] = row * 128;
      for (const [code, child] of node.next) if (code < 128) this.dense[row * 128 + code] = number.get(child)!;
    });
  }

  /** The child of `node` by code unit `code`, or 0 when there is none. */
  child(node: number, code: number): number {
    const row = this.denseRow[node];
    if (row >= 0 && code < 128) return this.dense[row + code];
    const { edgeCode } = this;
    for (let e = this.edgeFrom[node], end = this.edgeFrom[node + 1]; e < end; e++) {
      const c = edgeCode[e];
      if (c === code) return this.edgeChild[e];
      if (c > code) return 0;
    }
    return 0;
  }

  /** Whether some literal ends at `node`. */
  endsAt(node: number): boolean {
    return this.endsFrom[node + 1] > this.endsFrom[node];
  }

  /** The bytes the trie's tables take (what a walk may read). */
  get byteLength(): number {
    return this.edgeFrom.byteLength + this.edgeCode.byteLength + this.edgeChild.byteLength + this.denseRow.byteLength + this.dense.byteLength + this.endsFrom.byteLength + this.ends.byteLength;
  }
}
