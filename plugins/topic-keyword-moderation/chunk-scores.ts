/**
 * Each topic's best score over the chunks of a folded text (chunkText: passages of about 600
 * characters, so weak cues scattered over a long document do not add up to a topic no passage
 * is about). The text is split into words once, and each chunk is a range of those words: no
 * chunk strings are built and no chunk is split again. Texts the ranges cannot stand for (a
 * sentence cut inside, a topic term searched by regex) are chunked as strings, as before.
 */
import { splitWords } from './folded-words.js';
import { chunkText } from './segment-selection.js';
import { chunkWordEnds } from './chunk-ranges.js';
import type { TopicScorer } from './topic-matcher.js';

/** The best chunk score of each of `topics` (in their order) in `folded`, text folded for topics. */
export function bestChunkScores(topics: readonly TopicScorer[], folded: string): number[] {
  const words = topics.every((t) => t.scoreRange) ? splitWords(folded) : undefined;
  const wordEnds = words && chunkWordEnds(words);
  if (!words || !wordEnds) {
    const chunks = chunkText(folded).map(splitWords);
    // A loop, not a spread: a long text has more chunks than a call takes arguments.
    return topics.map((topic) => chunks.reduce((best, c) => Math.max(best, topic.score(c)), 0));
  }
  return topics.map((topic) => {
    let best = 0;
    let from = 0;
    for (let c = 0; c < wordEnds.length; c++) {
      best = Math.max(best, topic.scoreRange!(words, from, wordEnds[c]));
      from = wordEnds[c];
    }
    return best;
  });
}

