/**
 * Arbitraries that turn real request shapes into fuzzed bodies: start from a valid body (a
 * schema's examples, a client format's smallest request) and mutate it (wrong types, missing
 * fields, unknown fields, huge numbers, unicode, deep nesting, long strings), or replace it
 * with random JSON or text that is not JSON at all. Bodies are JSON text, so nesting deeper
 * than JSON.stringify could build is spliced in as text.
 */
import fc from 'fast-check';

/** A body as sent: its text and a short label for failure messages. */
export interface FuzzBody {
  text: string;
  label: string;
}

/** Deepest nesting a generated body carries (arrays or objects, written as text). */
export const MAX_NESTING = 20_000;
const DEEP_MARK = '\u0000fuzz-deep:';

/** A placeholder value that `jsonText` writes as `depth` nested arrays or objects. */
function deepPlaceholder(depth: number, kind: 'array' | 'object'): string {
  return `${DEEP_MARK}${kind}:${depth}`;
}

/** The JSON text of `value`, with deep-nesting placeholders spliced in as text (no recursion). */
export function jsonText(value: unknown): string {
  const text = JSON.stringify(value) ?? 'null';
  // JSON.stringify escapes the NUL of the mark, so the placeholder is found in its escaped form.
  return text.replace(/"\\u0000fuzz-deep:(array|object):(\d+)"/g, (_match, kind: string, depth: string) => {
    const n = Number(depth);
    return kind === 'array' ? `${'['.repeat(n)}${']'.repeat(n)}` : `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
  });
}

/** Strings that have broken parsers and encoders: unicode of every plane, lone surrogates, controls, long runs. */
export const oddString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('', ' ', '\u0000', '\ud800', '\udfff', '\u202e', '\ufeff', '%', '%E0%A4%A', '../..', '__proto__', 'constructor', '{}', '[DONE]', 'null', '\r\n\r\n', '😀'.repeat(50)),
  fc.record({ unit: fc.constantFrom('a', 'é', '😀', ' ', 'ana@example.com ', '\ud800', '%00'), times: fc.integer({ min: 1_000, max: 200_000 }) }).map(({ unit, times }) => unit.repeat(times)),
);

/** Numbers at and beyond every limit a field might have. */
export const oddNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -0, -1, 1, 0.5, -0.5, 1e20, -1e20, 1e308, -1e308, 5e-324, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, 2 ** 32, 2 ** 53, -(2 ** 63)),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** A value of any JSON type, often of the wrong one for the field it lands in. */
export const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: oddString },
  { weight: 3, arbitrary: oddNumber },
  { weight: 2, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], { '': null }) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 100, max: MAX_NESTING }), fc.constantFrom('array' as const, 'object' as const)).map(([d, k]) => deepPlaceholder(d, k)) },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 50_000 }).map((n) => Array.from({ length: n }, (_, i) => i)) },
);

type JsonPath = ReadonlyArray<string | number>;

/** Every path inside `value` (itself included), found with a stack so no recursion follows input depth. */
export function pathsOf(value: unknown, limit = 500): JsonPath[] {
  const paths: JsonPath[] = [];
  const stack: Array<{ at: unknown; path: JsonPath }> = [{ at: value, path: [] }];
  while (stack.length > 0 && paths.length < limit) {
    const { at, path } = stack.pop()!;
    paths.push(path);
    if (Array.isArray(at)) at.forEach((item, i) => stack.push({ at: item, path: [...path, i] }));
    else if (at && typeof at === 'object') for (const [k, v] of Object.entries(at)) stack.push({ at: v, path: [...path, k] });
  }
  return paths;
}

/** One edit of a body: what to do at which path. */
type Edit =
  | { op: 'replace'; pick: number; value: unknown }
  | { op: 'delete'; pick: number }
  | { op: 'add'; pick: number; key: string; value: unknown }
  | { op: 'repeat'; pick: number; times: number };

const editArbitrary: fc.Arbitrary<Edit> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ op: fc.constant('replace' as const), pick: fc.nat(), value: oddValue }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('delete' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('add' as const), pick: fc.nat(), key: fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'stream', 'model', 'tools', 'n')), value: oddValue }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('repeat' as const), pick: fc.nat(), times: fc.integer({ min: 2, max: 2_000 }) }) },
);

/** Applies `edit` to a deep copy of `base`. */
function applyEdit(base: unknown, edit: Edit): unknown {
  const root = { value: structuredClone(base) };
  const paths = pathsOf(root.value);
  const path = paths[edit.pick % paths.length]!;
  let parent: any = root;
  let key: string | number = 'value';
  for (const step of path) {
    parent = parent[key];
    key = step;
  }
  switch (edit.op) {
    case 'replace':
      parent[key] = edit.value;
      break;
    case 'delete':
      if (Array.isArray(parent) && typeof key === 'number') parent.splice(key, 1);
      else if (parent === root) root.value = undefined;
      else delete parent[key];
      break;
    case 'add': {
      const target = parent[key];
      if (target && typeof target === 'object' && !Array.isArray(target)) Object.defineProperty(target, edit.key, { value: edit.value, enumerable: true, writable: true, configurable: true });
      else if (Array.isArray(target)) target.push(edit.value);
      else parent[key] = { [edit.key]: edit.value };
      break;
    }
    case 'repeat': {
      // Bounded so a repeated long string stays a body the gateway reads (about 2 MB at most).
      const size = jsonText(parent[key]).length;
      const times = Math.max(1, Math.min(edit.times, Math.floor(2_000_000 / Math.max(1, size))));
      const item = parent[key];
      parent[key] = Array.from({ length: times }, () => item);
      break;
    }
  }
  return root.value;
}

/** The largest body text an edit may produce; an edit that would exceed it is skipped. */
export const MAX_BODY_CHARS = 4_000_000;

/** Whether `value` is written as at most MAX_BODY_CHARS (repeated items share references, so sizes multiply). */
function fits(value: unknown): boolean {
  try {
    return jsonText(value).length <= MAX_BODY_CHARS;
  } catch {
    return false;
  }
}

/** `base` with one to three edits, each kept only when the body stays within MAX_BODY_CHARS. */
export function mutated(base: unknown): fc.Arbitrary<unknown> {
  return fc.array(editArbitrary, { minLength: 1, maxLength: 3 }).map((edits) =>
    edits.reduce((value, edit) => {
      const next = applyEdit(value, edit);
      return fits(next) ? next : value;
    }, base),
  );
}

/** Text that is not a JSON document, or only barely one. */
export const notJson: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.constantFrom('', '{', '[', '{"a":', '{"a":1,}', 'nul', '"', '\ufeff{}', '{}{}', '{"a":1}\u0000', '1e99999', '-', '[1,]', `{"${'a'.repeat(100)}":`),
);

/**
 * Bodies for a route whose valid shapes are `seeds`: mostly mutated seeds, some seeds as they
 * are (the valid path must keep working under the same properties), some random JSON and some
 * text that is not JSON.
 */
export function fuzzBodies(seeds: readonly unknown[]): fc.Arbitrary<FuzzBody> {
  const seed = fc.constantFrom(...seeds.map((s, i) => ({ s, i })));
  return fc.oneof(
    { weight: 6, arbitrary: seed.chain(({ s, i }) => mutated(s).map((value) => ({ text: jsonText(value), label: `mutated seed ${i}` }))) },
    { weight: 1, arbitrary: seed.map(({ s, i }) => ({ text: jsonText(s), label: `seed ${i}` })) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => ({ text: jsonText(value), label: 'random json' })) },
    { weight: 1, arbitrary: notJson.map((text) => ({ text, label: 'not json' })) },
  );
}
