/**
 * Each topic's best score over the chunks of a folded text (chunkText: passages of about 600
 * characters, so weak cues scattered over a long document do not add up to a topic no passage
 * is about). The text is split into words once, and each chunk is a range of those words: no
 * chunk strings are built and no chunk is split again. Texts the ranges cannot stand for (a
 * sentence cut inside, a topic term searched by regex) are chunked as strings, as before.
 */
import { splitWords, type FoldedWords } from './folded-words.js';
import { chunkEnds, chunkText } from './segment-selection.js';
import type { TopicScorer } from './topic-matcher.js';

/** The best chunk score of each of `topics` (in their order) in `folded`, text folded for topics. */
export function bestChunkScores(topics: readonly TopicScorer[], folded: string): number[] {
  const ends = topics.every((t) => t.scoreRange) ? chunkEnds(folded) : undefined;
  if (!ends) {
    const chunks = chunkText(folded).map(splitWords);
    // A loop, not a spread: a long text has more chunks than a call takes arguments.
    return topics.map((topic) => chunks.reduce((best, c) => Math.max(best, topic.score(c)), 0));
  }
  const words = splitWords(folded);
  const wordEnds = wordIndexes(words, ends);
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

/** For each text offset of `ends` (ascending), how many words start before it. */
function wordIndexes({ starts }: FoldedWords, ends: readonly number[]): Int32Array {
  const out = new Int32Array(ends.length);
  let w = 0;
  for (let c = 0; c < ends.length; c++) {
    while (w < starts.length && starts[w] < ends[c]) w++;
    out[c] = w;
  }
  return out;
}
