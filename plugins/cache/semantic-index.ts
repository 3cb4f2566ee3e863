/** Cosine similarity of two vectors (0 when either is all zeros or their lengths differ). */
export function cosine(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) return 0;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

interface Candidate {
  key: string;
  vector: number[];
}

/**
 * Prompt embeddings per scope (gateway, consumer, route, snapshot revision, and every request
 * field but the messages), each pointing at an exact-store key. A lookup returns the most
 * similar prompt at or above the threshold whose answer is still stored. Scopes never mix, so
 * one consumer never gets another's answer.
 */
export class SemanticIndex {
  private readonly scopes = new Map<string, Candidate[]>();

  constructor(private readonly maxPerScope: number) {}

  /** Best stored key for `vector` in `scope` (with its similarity), if one reaches `threshold`. */
  nearest(scope: string, vector: readonly number[], threshold: number, alive: (key: string) => boolean): { key: string; similarity: number } | undefined {
    const list = this.scopes.get(scope);
    if (!list) return undefined;
    let best: { key: string; similarity: number } | undefined;
    for (let i = list.length - 1; i >= 0; i--) {
      const candidate = list[i];
      if (!alive(candidate.key)) {
        list.splice(i, 1);
        continue;
      }
      const similarity = cosine(vector, candidate.vector);
      if (similarity >= threshold && (!best || similarity > best.similarity)) best = { key: candidate.key, similarity };
    }
    return best;
  }

  add(scope: string, key: string, vector: number[]): void {
    let list = this.scopes.get(scope);
    if (!list) this.scopes.set(scope, (list = []));
    const existing = list.findIndex((c) => c.key === key);
    if (existing >= 0) list.splice(existing, 1);
    list.push({ key, vector });
    if (list.length > this.maxPerScope) list.splice(0, list.length - this.maxPerScope);
  }
}
