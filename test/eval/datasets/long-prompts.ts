/**
 * Long prompts for prompt_guard, built from one split of the labelled data: benign ones made of
 * that split's benign prompts and clean BIPIA contexts (emails, tables, code) joined up to a
 * length, as a user pastes material into a prompt, and each attack of the split buried at a
 * seeded place in such text. The labelled prompts are all shorter than 3,000 characters, so
 * without these nothing measures how the detector reads a long text.
 */
import type { CleanContext } from './bipia-data.js';
import type { DirectSample, Split } from './direct-data.js';

export interface LongPromptOptions {
  /** Characters of benign text around each attack, and the length of each benign prompt. */
  length: number;
  /** Benign long prompts to build. */
  benign: number;
  seed: number;
}

export const LONG_PROMPT_DEFAULTS: LongPromptOptions = { length: 4096, benign: 400, seed: 20261123 };

/** A long prompt; a buried attack keeps the attack's text in `buried`. */
export interface LongPrompt extends DirectSample {
  buried?: string;
}

/** Benign long prompts and buried attacks of `split`, labelled as the attacks were; `source` is `long`. */
export function longPrompts(samples: DirectSample[], contexts: CleanContext[], split: Split, options = LONG_PROMPT_DEFAULTS): LongPrompt[] {
  const filler = [
    ...samples.filter((s) => s.split === split && s.label === 0).map((s) => s.text),
    ...contexts.filter((c) => c.split === split).map((c) => c.text),
  ];
  if (filler.length === 0) return [];
  let state = options.seed >>> 0;
  const random = (n: number) => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0) >>> 8) % n;
  // Whole pieces joined by blank lines, the last one cut to the length.
  const benignText = (length: number) => {
    let text = '';
    while (text.length < length) text += `${filler[random(filler.length)]}\n\n`;
    return text.slice(0, length).trimEnd();
  };
  const out: LongPrompt[] = [];
  for (let i = 0; i < options.benign; i++) {
    out.push({ id: `long:benign:${i}`, text: benignText(options.length), label: 0, source: 'long', category: 'benign', split });
  }
  for (const attack of samples.filter((s) => s.split === split && s.label === 1)) {
    const around = Math.max(1000, options.length - attack.text.length);
    const before = random(around + 1);
    const text = [benignText(before), attack.text, benignText(around - before)].filter(Boolean).join('\n\n');
    out.push({ ...attack, id: `long:${attack.id}`, text, source: 'long', buried: attack.text });
  }
  return out;
}
