/**
 * BIPIA development data (shared/datasets/bipia): clean contexts (emails, tables, code answers)
 * and attack instructions by category, and poisoned contexts built as the BIPIA paper does, by
 * inserting one attack at the start, the middle or the end of a clean context.
 * Clean contexts split 60/20/20 into train/tune/test by a hash of `<type>:<index>`.
 */
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { splitOf, type Split } from './direct-data.js';

export type ContextType = 'email' | 'table' | 'code';

/** One clean context. */
export interface CleanContext {
  id: string;
  type: ContextType;
  text: string;
  split: Split;
}

/** One attack instruction. */
export interface Attack {
  category: string;
  /** Text attacks go into emails and tables, code attacks into code answers. */
  family: 'text' | 'code';
  text: string;
}

export type Position = 'start' | 'middle' | 'end';
export const POSITIONS: readonly Position[] = ['start', 'middle', 'end'];

function jsonl(file: string): Array<Record<string, unknown>> {
  return readFileSync(file, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** Clean contexts of every type present under `datasetsDir`. */
export function loadCleanContexts(datasetsDir: string): CleanContext[] {
  const dir = join(datasetsDir, 'bipia');
  const out: CleanContext[] = [];
  for (const type of ['email', 'table', 'code'] as const) {
    const file = join(dir, `${type}_train.jsonl`);
    if (!existsSync(file)) continue;
    jsonl(file).forEach((row, index) => {
      // Code answers are stored as a list of lines.
      const text = Array.isArray(row.context) ? (row.context as string[]).join('\n') : String(row.context ?? '');
      const id = `${type}:${index}`;
      out.push({ id, type, text, split: splitOf(id) });
    });
  }
  return out;
}

/** Every attack, by category. */
export function loadAttacks(datasetsDir: string): Attack[] {
  const out: Attack[] = [];
  for (const family of ['text', 'code'] as const) {
    const file = join(datasetsDir, 'bipia', `${family}_attack_train.json`);
    if (!existsSync(file)) continue;
    const byCategory = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>;
    for (const [category, texts] of Object.entries(byCategory)) for (const text of texts) out.push({ category, family, text });
  }
  return out;
}

/** Inserts `attack` into `context` at `position`; the middle is the line or sentence boundary nearest the centre. */
export function insertAttack(context: string, attack: string, position: Position): string {
  if (position === 'start') return `${attack}\n${context}`;
  if (position === 'end') return `${context}\n${attack}`;
  const boundaries: number[] = [];
  for (const m of context.matchAll(/\n|(?<=[.!?])\s+/g)) boundaries.push(m.index! + m[0].length);
  if (boundaries.length === 0) return `${context}\n${attack}`;
  const centre = context.length / 2;
  const at = boundaries.reduce((a, b) => (Math.abs(b - centre) < Math.abs(a - centre) ? b : a));
  return `${context.slice(0, at).trimEnd()}\n${attack}\n${context.slice(at).trimStart()}`;
}

/** Which context types an attack family is inserted into. */
export function typesFor(family: Attack['family']): ContextType[] {
  return family === 'code' ? ['code'] : ['email', 'table'];
}

/**
 * Poisoned contexts for `attacks` on the clean contexts of one split: each attack at each
 * position in up to `perType` contexts of each matching type (a fixed, hash-ordered choice).
 */
export function poisonedContexts(attacks: Attack[], clean: CleanContext[], perType: number): Array<{ attack: Attack; type: ContextType; position: Position; text: string }> {
  const out: Array<{ attack: Attack; type: ContextType; position: Position; text: string }> = [];
  attacks.forEach((attack, a) => {
    for (const type of typesFor(attack.family)) {
      const pool = clean.filter((c) => c.type === type);
      for (const position of POSITIONS) {
        for (let k = 0; k < Math.min(perType, pool.length); k++) {
          // Rotate through the pool so different attacks meet different contexts.
          const context = pool[(a * 7 + k * 3 + POSITIONS.indexOf(position)) % pool.length];
          out.push({ attack, type, position, text: insertAttack(context.text, attack.text, position) });
        }
      }
    }
  });
  return out;
}
