/**
 * The fuzz corpus: inputs kept in test/fuzz/corpus/<target>/<name>.json because they once broke
 * something or cover a tricky shape. Every run replays each entry through the same checks as
 * the target's property, before any generated case.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

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
    const entry = JSON.parse(readFileSync(folder + file, 'utf8')) as Omit<CorpusEntry<Case>, 'name'>;
    for (const field of ['description', 'expected', 'case'] as const) {
      if (entry[field] === undefined) throw new Error(`corpus entry ${target}/${file} has no ${field}`);
    }
    return { ...entry, name: file.slice(0, -'.json'.length) };
  });
}
