/**
 * The Davidson et al. tweets (shared/datasets/davidson) and their fixed split by FNV-1a hash of
 * the row id: hash % 20 < 12 trains the model, 12..14 tunes its threshold, 15..19 is held out.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One labelled tweet. */
export interface DavidsonRow {
  id: string;
  text: string;
  /** 0 hate speech, 1 offensive language, 2 neither. */
  label: 0 | 1 | 2;
}

/** Which part of the split a row belongs to. */
export type DavidsonPart = 'train' | 'tune' | 'held-out';

function fnv1a(value: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The part of the split of a row id. */
export function partOf(id: string): DavidsonPart {
  const bucket = fnv1a(id) % 20;
  return bucket < 12 ? 'train' : bucket < 15 ? 'tune' : 'held-out';
}

/** RFC 4180 CSV: quoted fields may hold commas, quotes ("") and newlines. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(field), (field = '');
    else if (c === '\n') row.push(field), rows.push(row), (row = []), (field = '');
    else if (c !== '\r') field += c;
  }
  if (field || row.length) row.push(field), rows.push(row);
  return rows;
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
