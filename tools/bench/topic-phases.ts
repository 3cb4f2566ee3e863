/**
 * Where topic_keyword_moderation's time goes on the never-repeating 4 KB dataset prompts, phase
 * by phase (fold, keywords, chunking, word splitting, topic scoring), with the detector
 * benchmark's settings: `npx tsx tools/bench/topic-phases.ts [texts]`.
 */
import { datasetPrompts } from '../../bench/detectors.js';
import { foldForMatching } from '../../core/guardrail/prepared-text.js';
import { compileKeywordMatcher } from '../../plugins/topic-keyword-moderation/keyword-matcher.js';
import { compileTopic } from '../../plugins/topic-keyword-moderation/topic-matcher.js';
import { chunkText } from '../../plugins/topic-keyword-moderation/segment-selection.js';
import { splitWords } from '../../plugins/topic-keyword-moderation/folded-words.js';

const texts = datasetPrompts(Number(process.argv[2] ?? 3000)).map((p) => p.user);
const keywords = compileKeywordMatcher(['project-x'], [], { caseSensitive: false, foldDiacritics: true });
const topic = compileTopic('medical advice');
const folded = texts.map(foldForMatching);
const chunks = folded.map((t) => chunkText(t));
const words = chunks.map((c) => c.map(splitWords));
const phases: Array<[string, (i: number) => unknown]> = [
  ['fold', (i) => foldForMatching(texts[i])],
  ['keywords', (i) => keywords.match(texts[i], folded[i])],
  ['chunkText', (i) => chunkText(folded[i])],
  ['splitWords', (i) => chunks[i].map(splitWords)],
  ['score', (i) => words[i].reduce((b, w) => Math.max(b, topic.score(w)), 0)],
];
for (let pass = 0; pass < 3; pass++) {
  const row: Record<string, number> = {};
  for (const [name, f] of phases) {
    // CPU time, not wall clock: other processes on a shared host must not count.
    const c0 = process.cpuUsage();
    for (let i = 0; i < texts.length; i++) f(i);
    const used = process.cpuUsage(c0);
    row[name] = Number(((used.user + used.system) / texts.length).toFixed(1));
  }
  console.log('us per 4 KB text', row);
}
