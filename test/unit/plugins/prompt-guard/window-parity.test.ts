/**
 * prompt_guard reads a long prompt's windows from what their overlaps share, and its other views
 * from what the windows already found: that reading must give every view the logit a
 * straightforward reading gives, to the bit. The straightforward reading here folds each window
 * on its own and streams its features with nothing shared, as the model was trained to read it.
 * Checked on every committed tuning prompt buried at several offsets of generated 4 KB texts
 * (across a window's end, at the very end), in ASCII and in pasted material beyond ASCII.
 */
import { expect } from 'chai';
import { InjectionScorer, type ScorerOptions, type TextView } from '../../../../plugins/prompt-guard/scorer.js';
import { promptGuardModel } from '../../../../plugins/prompt-guard/model-file.js';
import { deobfuscate } from '../../../../plugins/prompt-guard/deobfuscate.js';
import { foldText, type FoldedText } from '../../../../plugins/shared/prompt-features/normalize.js';
import { decodePayloads } from '../../../../plugins/shared/prompt-features/decoders.js';
import { emitFeatures, FeatureScratch, type ViewFlags } from '../../../../plugins/shared/prompt-features/features.js';
import { seededTexts } from './seeded-texts.js';
import { tuningPrompts } from './helpers.js';
import { PASTED } from './pasted-material.js';

const model = promptGuardModel();
const OPTIONS: ScorerOptions = { decodeEncodings: true, hiddenTextConfidence: 0.9, allowPhrases: [], maxChars: 12000 };

// The reading plan the detector documents: windows of 1,000 characters every 750 in a text longer than 3,000.
const WINDOW = 1000;
const STRIDE = 750;
const WINDOWED_FROM = 3000;

/** Pasted material beyond ASCII: accents, typographic quotes, Cyrillic, Greek, CJK, an emoji. */
const PASTED_WIDE = [
  'Résumé de la réunion : l’équipe a validé le budget « prévisionnel » et la feuille de route — détails ci-dessous.\n\n',
  'Übersicht: Die Größe der Dateien beträgt 12 MB; Prüfung läuft. Straße, Maß, Öl.\n\n',
  'Отчёт за квартал: выручка выросла на 4 %, расходы снизились. Спасибо за работу!\n\n',
  '会议纪要：本季度收入增长，客户满意度提高。下一步计划见附件。\n\n',
  'Η ομάδα ολοκλήρωσε τον έλεγχο. ΣΗΜΕΙΩΣΗ: τα αρχεία είναι έτοιμα.\n\n',
  'Deployment finished ✅ — latency p99 “1.9 s”, see the log attached (naïve café, coöperate).\n\n',
];
/** A line whose folding is longer than it (the ligature ﬁ folds to "fi"): the windows after it are no slices of the whole text's folding. */
const LONGER_FOLDED = 'Attached: the ﬁnal ﬁgures, page ½.\n\n';

const flagsOf = (folded: FoldedText): ViewFlags => ({
  tagChars: folded.tagChars, invisibleInWords: folded.invisibleInWords, homoglyphWords: folded.homoglyphWords, spacedRuns: 0, leetWords: 0, encoded: 0,
});

const scratch = new FeatureScratch();
/** The logit of one view, its features streamed with nothing shared with any other view. */
function logitAlone(folded: string, visible: string, flags: ViewFlags): number {
  model.begin();
  emitFeatures(folded, visible, flags, model.hashBits, model.sink, scratch);
  return model.logit();
}

/** Every view the detector reads of `text` (at most maxChars long), each read on its own, in the detector's order. */
function straightforwardLogits(text: string): Array<{ kind: TextView['kind']; logit: number }> {
  const out: Array<{ kind: TextView['kind']; logit: number }> = [];
  const windowed = text.length > WINDOWED_FROM;
  if (windowed) {
    for (let start = 0; start < text.length - WINDOW / 4; start += STRIDE) {
      const slice = text.slice(start, start + WINDOW);
      const folded = foldText(slice);
      out.push({ kind: 'window', logit: logitAlone(folded.text, slice, flagsOf(folded)) });
    }
  }
  const whole = foldText(text);
  const base = flagsOf(whole);
  if (!windowed) out.push({ kind: 'plain', logit: logitAlone(whole.text, text, base) });
  const plain = deobfuscate(whole.text);
  if (plain) out.push({ kind: 'deobfuscated', logit: logitAlone(plain.text, plain.text, { ...base, spacedRuns: plain.spacedRuns, leetWords: plain.leetWords }) });
  for (const payload of decodePayloads(text)) {
    const inner = foldText(payload.text);
    out.push({ kind: 'decoded', logit: logitAlone(inner.text, payload.text, { ...base, encoded: 1 }) });
  }
  return out;
}

/** `text` put into `filler` at `at` (a negative `at` counts from the end), the whole cut to 4 KB plus the text. */
function buriedAt(text: string, filler: string, at: number): string {
  const cut = filler.slice(0, 4096);
  const place = at < 0 ? cut.length + at + 1 : at;
  return `${cut.slice(0, place)}${text}${cut.slice(place)}`;
}

// Offsets: the start, across the end of the first window, across the start of the third, the
// middle, across the end of the fifth, and the very end.
const OFFSETS = [0, WINDOW - 20, 2 * STRIDE - 15, 2048, 4 * STRIDE + WINDOW - 30, -1];

describe('prompt_guard window parity', () => {
  const fillers = [
    ...[...seededTexts(PASTED, 4, 40, 7)].map((f) => (f + PASTED.join('')).repeat(4)),
    ...[...seededTexts(PASTED_WIDE, 4, 40, 11)].map((f, i) => (f + PASTED_WIDE.join('') + PASTED.join('') + (i % 2 ? LONGER_FOLDED : '')).repeat(4)),
  ];

  it('gives every view of a long prompt the logit a straightforward reading gives, to the bit', () => {
    const scorer = new InjectionScorer(model, { ...OPTIONS, stopAt: Infinity });
    const mismatches: string[] = [];
    let compared = 0;
    tuningPrompts().forEach(({ text: prompt }, i) => {
      const text = buriedAt(prompt, fillers[i % fillers.length], OFFSETS[i % OFFSETS.length]);
      const expected = straightforwardLogits(text);
      const actual = scorer.viewLogits(text);
      compared += expected.length;
      if (actual.length !== expected.length || actual.some((view, k) => view.kind !== expected[k].kind || !Object.is(view.logit, expected[k].logit))) {
        mismatches.push(`${JSON.stringify(actual)} vs ${JSON.stringify(expected)}: ${prompt.slice(0, 60)}`);
      }
    });
    expect(mismatches.slice(0, 3)).to.deep.equal([]);
    expect(compared).to.be.above(5000);
  });

  it('gives the same logits to the generated fillers alone, ASCII and beyond ASCII', () => {
    const scorer = new InjectionScorer(model, { ...OPTIONS, stopAt: Infinity });
    for (const filler of fillers) {
      for (const length of [3001, 3999, 4096, 5000]) {
        const text = filler.slice(0, length);
        expect(scorer.viewLogits(text), `${length} characters of ${filler.slice(0, 40)}`).to.deep.equal(straightforwardLogits(text));
      }
    }
  });
});
