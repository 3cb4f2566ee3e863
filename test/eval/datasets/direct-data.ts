/**
 * The direct prompt-injection development data (shared/datasets/direct-injection) and its fixed
 * three-way split, shared by the prompt_guard training script and its evaluation module.
 *
 * Split: `train` fits the model, `tune` picks the default threshold and calibration, `test` is
 * only measured. Benign sources split per prompt by a hash of the sample id (60/20/20).
 * JailbreakBench splits per behaviour, as the held-out data does: prompts of one behaviour
 * (found by clustering the distinctive words of their goals within a harm category) share a
 * side, so no behaviour's wording is both learned and measured.
 */
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { hashString } from '../../../plugins/shared/prompt-features/hashing.js';

export type Split = 'train' | 'tune' | 'test';

/** One labelled prompt. */
export interface DirectSample {
  id: string;
  text: string;
  label: 0 | 1;
  source: string;
  category: string;
  split: Split;
  /** JailbreakBench only: the behaviour cluster the prompt belongs to. */
  group?: string;
}

/** The five source files, in report order. */
export const DIRECT_SOURCES = ['jailbreakbench', 'notinject', 'wildguardtest-benign', 'xstest-safe', 'clinc150'] as const;

/** 60% train, 20% tune, 20% test by a stable hash. */
export function splitOf(key: string): Split {
  const bucket = hashString(key) % 10;
  return bucket < 6 ? 'train' : bucket < 8 ? 'tune' : 'test';
}

const STOP = new Set(
  ('that this with from your have will what about which their there would could should into them then than they been were ' +
    'being does more most some such only other also over very just like here make made write create give provide explain ' +
    'detailed step guide article post describe draft list social media someone people person using without how why').split(' '),
);

function contentWords(text: string): Set<string> {
  const words = new Set<string>();
  for (const m of text.toLowerCase().matchAll(/[a-z][a-z0-9'-]{3,}/g)) if (!STOP.has(m[0])) words.add(m[0]);
  return words;
}

/**
 * Groups JailbreakBench prompts by behaviour. JailbreakChat prompts end with the behaviour's goal
 * verbatim ("first question: <goal>"), and GCG, DSN and random-search prompts contain it; PAIR
 * rewrites it, so a PAIR prompt joins the goal of its harm category sharing the most rare words.
 */
function behaviourGroups(rows: DirectSample[]): void {
  const goals: Array<{ goal: string; harm: string; words: Set<string> }> = [];
  for (const r of rows) {
    const m = /first question:\s*([\s\S]*)$/i.exec(r.text);
    if (r.category.startsWith('JailbreakChat:') && m) {
      const goal = m[1].trim().toLowerCase();
      if (!goals.some((g) => g.goal === goal)) goals.push({ goal, harm: r.category.split(':')[1], words: contentWords(goal) });
    }
  }
  const df = new Map<string, number>();
  for (const g of goals) for (const w of g.words) df.set(w, (df.get(w) ?? 0) + 1);
  for (const r of rows) {
    const lower = r.text.toLowerCase();
    let best = goals.find((g) => lower.includes(g.goal));
    if (!best) {
      const words = contentWords(lower);
      let bestScore = 0;
      for (const g of goals) {
        if (g.harm !== r.category.split(':')[1]) continue;
        let score = 0;
        for (const w of g.words) if (words.has(w)) score += 1 / (df.get(w) ?? 1);
        if (score > bestScore) {
          bestScore = score;
          best = g;
        }
      }
    }
    r.group = best ? best.goal : r.id;
    r.split = splitOf(r.group);
  }
}

/** Loads every source file present under `datasetsDir` (the shared datasets folder). */
export function loadDirectSamples(datasetsDir: string): DirectSample[] {
  const dir = join(datasetsDir, 'direct-injection');
  const out: DirectSample[] = [];
  for (const source of DIRECT_SOURCES) {
    const file = join(dir, `${source}.jsonl`);
    if (!existsSync(file)) continue;
    const rows = readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => {
        const r = JSON.parse(l) as Omit<DirectSample, 'split'>;
        return { ...r, split: splitOf(r.id) } as DirectSample;
      });
    if (source === 'jailbreakbench') behaviourGroups(rows);
    out.push(...rows);
  }
  return out;
}
