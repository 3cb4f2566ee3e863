/**
 * The fuzz corpus: inputs kept in test/fuzz/corpus/<target>/<name>.json because they once broke
 * something or cover a tricky shape. Every run replays each entry through the same checks as
 * the target's property, before any generated case. Large inputs stay small on disk: anywhere
 * in a case, `{"$repeat": "text", "$times": n}` stands for the text repeated n times and
 * `{"$concat": [...]}` for its items joined into one string.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';

/** One corpus file. `case` is the target's own case shape (what its property generates). */
export interface CorpusEntry<Case = unknown> {
  /** File name without `.json`. */
  name: string;
  /** Why the entry is kept: what it broke, or which shape it covers. */
  description: string;
  /** What a correct gateway answers. */
  expected: string;
  /** The case, replayed as the property would run it. */
  case: Case;
  /** When set, the answer's status must be one of these (the properties are checked either way). */
  statuses?: number[];
}

/** A `$repeat` or `$concat` shorthand written out as its string, or undefined when `value` is neither. */
function shorthand(value: unknown): string | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const v = value as { $repeat?: unknown; $times?: unknown; $concat?: unknown };
  if (typeof v.$repeat === 'string' && typeof v.$times === 'number') return v.$repeat.repeat(v.$times);
  if (Array.isArray(v.$concat)) return v.$concat.map((item) => (typeof item === 'string' ? item : shorthand(item) ?? JSON.stringify(item))).join('');
  return undefined;
}

/** `value` with every shorthand replaced, walked with a stack (corpus files are ours, but stay bounded anyway). */
function expandShorthands(value: unknown): unknown {
  const root = { value };
  const stack: Array<{ holder: Record<string, unknown> | unknown[]; key: string | number }> = [{ holder: root as Record<string, unknown>, key: 'value' }];
  while (stack.length > 0) {
    const { holder, key } = stack.pop()!;
    const current = (holder as Record<string | number, unknown>)[key];
    const written = shorthand(current);
    if (written !== undefined) (holder as Record<string | number, unknown>)[key] = written;
    else if (Array.isArray(current)) current.forEach((_, i) => stack.push({ holder: current, key: i }));
    else if (current && typeof current === 'object') for (const k of Object.keys(current)) stack.push({ holder: current as Record<string, unknown>, key: k });
  }
  return root.value;
}

const CORPUS_DIR = fileURLToPath(new URL('../corpus/', import.meta.url));

/** The entries of `target` (a folder under test/fuzz/corpus/), sorted by name. */
export function loadCorpus<Case>(target: string): CorpusEntry<Case>[] {
  const folder = `${CORPUS_DIR}${target}/`;
  let files: string[];
  try {
    files = readdirSync(folder).filter((f) => f.endsWith('.json')).sort();
  } catch {
    return [];
  }
  return files.map((file) => {
    const entry = expandShorthands(JSON.parse(readFileSync(folder + file, 'utf8'))) as Omit<CorpusEntry<Case>, 'name'>;
    for (const field of ['description', 'expected', 'case'] as const) {
      if (entry[field] === undefined) throw new Error(`corpus entry ${target}/${file} has no ${field}`);
    }
    return { ...entry, name: file.slice(0, -'.json'.length) };
  });
}

/** Declares one mocha test per corpus entry of `target`: the case through `run`, then the entry's statuses. */
export function replayCorpus<Case>(target: string, run: (c: Case) => Promise<{ status: number; what: string; text: string }>): void {
  for (const entry of loadCorpus<Case>(target)) {
    it(`corpus ${entry.name}: ${entry.description}`, async () => {
      const answer = await run(entry.case);
      if (entry.statuses) expect(entry.statuses, `${answer.what} answered ${answer.text.slice(0, 300)}; expected ${entry.expected}`).to.include(answer.status);
    });
  }
}
