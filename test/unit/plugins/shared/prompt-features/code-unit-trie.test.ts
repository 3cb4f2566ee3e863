import { expect } from 'chai';
import { CodeUnitTrie } from '../../../../../plugins/shared/prompt-features/code-unit-trie.js';

/** Seeded literals: ASCII words sharing prefixes, a few beyond ASCII, one-unit ones. */
function literals(count: number, seed: number): string[] {
  let state = seed;
  const next = (n: number) => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0) >>> 8) % n;
  const alphabet = 'abcdefghijklmnopqrstuvwxyz \'-<[|';
  const wide = 'éßжид忽略指令ا';
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    let literal = i > 0 && next(3) === 0 ? out[next(out.length)].slice(0, 1 + next(4)) : '';
    const length = 1 + next(24);
    while (literal.length < length) literal += next(10) === 0 ? wide[next(wide.length)] : alphabet[next(alphabet.length)];
    out.push(literal);
  }
  return out;
}

/** The same literals in nested maps: what a walk from the root must find. */
function referenceTrie(list: readonly string[]): { next: Map<number, unknown>; ends: number[] } {
  type Node = { next: Map<number, Node>; ends: number[] };
  const root: Node = { next: new Map(), ends: [] };
  list.forEach((literal, value) => {
    let node = root;
    for (let i = 0; i < literal.length; i++) {
      const code = literal.charCodeAt(i);
      if (!node.next.has(code)) node.next.set(code, { next: new Map(), ends: [] });
      node = node.next.get(code)!;
    }
    node.ends.push(value);
  });
  return root;
}

describe('prompt-features code-unit trie', () => {
  const list = literals(3000, 7);
  const trie = new CodeUnitTrie(list.map((literal, value) => [literal, value] as const));

  it('walks to the same nodes and literal ends as nested maps, and to none off the literals', () => {
    type Node = { next: Map<number, Node>; ends: number[] };
    // Each node is asked for its own children and for units next to theirs or of no literal.
    const others = [0, 32, 65, 97, 122, 127, 128, 0xe9, 0x4e00, 0xffff];
    const pending: Array<[Node, number]> = [[referenceTrie(list) as Node, 0]];
    let visited = 0;
    while (pending.length > 0) {
      const [expected, node] = pending.pop()!;
      visited++;
      const ends = Array.from(trie.ends.subarray(trie.endsFrom[node], trie.endsFrom[node + 1]));
      expect(ends, `ends at node ${node}`).to.deep.equal(expected.ends);
      expect(trie.endsAt(node)).to.equal(expected.ends.length > 0);
      for (const [code, want] of expected.next) {
        const child = trie.child(node, code);
        expect(child, `child of ${node} by ${code}`).to.be.above(0);
        pending.push([want, child]);
      }
      const absent = [...expected.next.keys()].flatMap((code) => [code - 1, code + 1]).concat(others).filter((code) => !expected.next.has(code));
      for (const code of absent) expect(trie.child(node, code), `no child of ${node} by ${code}`).to.equal(0);
    }
    expect(visited).to.equal(trie.size);
  });

  it('keeps its tables small (a few bytes per node), so a walk along a text stays in the cache', () => {
    // A table with a row of every code unit column per node took columns x 4 bytes a node (about
    // 130 for the phrase anchors, 3 MB in all), and each step of a walk was a cache miss.
    expect(trie.size).to.be.above(20000);
    expect(trie.byteLength / trie.size).to.be.below(24);
  });
});
