/**
 * Where topic_keyword_moderation's time goes on the never-repeating 4 KB dataset prompts, phase
 * by phase (fold, keywords, chunk ends, word splitting, topic scoring), with the detector
 * benchmark's settings, in CPU microseconds per text: `npx tsx tools/bench/topic-phases.ts [texts]`.
 */
import { datasetPrompts } from '../../bench/detectors.js';
import { foldForMatching } from '../../core/guardrail/prepared-text.js';
import { compileKeywordMatcher } from '../../plugins/topic-keyword-moderation/keyword-matcher.js';
import { compileTopic } from '../../plugins/topic-keyword-moderation/topic-matcher.js';
import { chunkWordEnds } from '../../plugins/topic-keyword-moderation/chunk-ranges.js';
import { splitWords } from '../../plugins/topic-keyword-moderation/folded-words.js';
import { bestChunkScores } from '../../plugins/topic-keyword-moderation/chunk-scores.js';

const texts = datasetPrompts(Number(process.argv[2] ?? 1500)).map((p) => p.user);
const keywords = compileKeywordMatcher(['project-x'], [], { caseSensitive: false, foldDiacritics: true });
const topic = compileTopic('medical advice');
const folded = texts.map(foldForMatching);
const words = folded.map(splitWords);
const phases: Array<[string, (i: number) => unknown]> = [
  ['fold', (i) => foldForMatching(texts[i])],
  ['keywords', (i) => keywords.match(texts[i], folded[i])],
  ['chunkWordEnds', (i) => chunkWordEnds(words[i])],
  ['splitWords', (i) => splitWords(folded[i])],
  ['score whole', (i) => topic.score(words[i])],
  ['bestChunkScores', (i) => bestChunkScores([topic], folded[i])],
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
