/**
 * The Davidson et al. tweets (shared/datasets/davidson) and their fixed split by FNV-1a hash of
 * the row id: hash % 20 < 12 trains the model, 12..14 tunes its threshold, 15..19 is held out.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCsv } from './csv.js';
import { fnv1a } from './fnv1a.js';

/** One labelled tweet. */
export interface DavidsonRow {
  id: string;
  text: string;
  /** 0 hate speech, 1 offensive language, 2 neither. */
  label: 0 | 1 | 2;
}

/** Which part of the split a row belongs to. */
export type DavidsonPart = 'train' | 'tune' | 'held-out';

/** The part of the split of a row id. */
export function partOf(id: string): DavidsonPart {
  const bucket = fnv1a(id) % 20;
  return bucket < 12 ? 'train' : bucket < 15 ? 'tune' : 'held-out';
}

/** The rows of one part (or all). */
export function davidsonRows(datasets: string, part: DavidsonPart | 'all'): DavidsonRow[] {
  const [header, ...rows] = parseCsv(readFileSync(join(datasets, 'davidson/labeled_data.dev.csv'), 'utf8'));
  const col = (name: string) => header.indexOf(name);
  return rows
    .filter((r) => r.length === header.length)
    .map((r) => ({ id: r[0], text: r[col('tweet')], label: Number(r[col('class')]) as 0 | 1 | 2 }))
    .filter((r) => part === 'all' || partOf(r.id) === part);
}
