import { expect } from 'chai';
import { bestChunkScores } from '../../../../plugins/topic-keyword-moderation/chunk-scores.js';
import { splitWords } from '../../../../plugins/topic-keyword-moderation/folded-words.js';
import { chunkText } from '../../../../plugins/topic-keyword-moderation/segment-selection.js';
import { chunkWordEnds } from '../../../../plugins/topic-keyword-moderation/chunk-ranges.js';
import { compileTopic, foldForTopics, type TopicScorer } from '../../../../plugins/topic-keyword-moderation/topic-matcher.js';
import { TOPIC_LEXICONS } from '../../../../plugins/topic-keyword-moderation/topic-lexicons.js';
import { seededRandom } from '../../../fixtures/seeded-random.js';

/** The straightforward path: chunk strings, each split into words and scored on its own. */
function chunkStringScores(topics: TopicScorer[], folded: string): number[] {
  const chunks = chunkText(folded).map(splitWords);
  return topics.map((t) => chunks.reduce((best, c) => Math.max(best, t.score(c)), 0));
}

const words = (text: string) => {
  const w = splitWords(text);
  return Array.from(w.starts, (s, i) => text.slice(s, w.ends[i]));
};

const SEPARATORS = [' ', ' ', ' ', '  ', ', ', '-', '. ', '.\n\n', '! ', '?  ', '\n', '\n - ', '.', ')', ' (', '\t', '. \u2003'];
const SENTENCE_ENDS = ['. ', '.\n\n', '! ', '?  ', '\n'];
const FILLER = ['the', 'a', 'of', 'patient', 'doctor', 'and', 'my', 'take', 'see', 'pain', 'x', '401', 'k', 'ünï', 'İstanbul', '😀', 'ﬁnance', 'dose', 'law'];

/**
 * Texts of 1 to 6,000 characters made of topic terms (inflected at their wildcards), filler
 * words and separators that end sentences or not, so terms fall inside, across and at the edges
 * of sentences and of chunks; some texts have a sentence too long to chunk whole.
 */
function generatedTexts(count: number): string[] {
  const r = seededRandom(35);
  const terms = TOPIC_LEXICONS.flatMap((l) => [...l.strong, ...l.medium, ...l.weak]).map((t) => t.replace(/\*/g, r() < 0.5 ? '' : 'ing'));
  const pick = <T>(list: T[]) => list[Math.floor(r() * list.length)];
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const target = 1 + Math.floor(r() * (i % 5 === 0 ? 6000 : 2500));
    const longSentence = i % 7 === 0;
    let text = '';
    while (text.length < target) {
      const term = pick(terms);
      // A phrase broken over a sentence end, which may be a chunk's end too, must not match.
      text += r() < 0.3 ? term : r() < 0.2 ? term.replace(/ /g, () => pick(SENTENCE_ENDS)) : pick(FILLER);
      const separator = pick(SEPARATORS);
      text += longSentence && /[.!?\n]/.test(separator) ? ' ' : separator;
    }
    out.push(foldForTopics(text));
  }
  return out;
}

describe('topic_keyword_moderation chunk scores', () => {
  const texts = generatedTexts(600);

  it('ends each chunk after the words of its chunk string, chunk by chunk', () => {
    let ranged = 0;
    for (const text of texts) {
      const all = splitWords(text);
      const ends = chunkWordEnds(all);
      const chunks = chunkText(text);
      if (!ends) {
        // Only a sentence cut inside leaves the ranges nothing to name.
        expect(chunks.some((c) => c.length > 600), JSON.stringify(text)).to.equal(true);
        continue;
      }
      ranged++;
      expect(ends.length, JSON.stringify(text)).to.equal(chunks.length);
      const allWords = words(text);
      let from = 0;
      ends.forEach((end, c) => {
        expect(allWords.slice(from, end), JSON.stringify(chunks[c])).to.deep.equal(words(chunks[c]));
        from = end;
      });
      expect(from).to.equal(allWords.length);
    }
    expect(ranged).to.be.greaterThan(texts.length / 2);
  });

  it('cuts sentences where the sentence regex does, with marks and whitespace of every kind', () => {
    const r = seededRandom(36);
    const pieces = ['word', 'é', '😀', '.', '!', '?', '\n', ' ', '\t', '\u00a0', '\u2028', '\u3000', '\ufeff', '\u200b', ',', '\r\n', '..', '\ud800'];
    for (let n = 0; n < 2000; n++) {
      let text = '';
      const target = 601 + Math.floor(r() * 1400);
      while (text.length < target) text += pieces[Math.floor(r() * pieces.length)];
      const ends = chunkWordEnds(splitWords(text));
      const chunks = chunkText(text);
      if (!ends) continue;
      const allWords = words(text);
      let from = 0;
      expect(ends.length, JSON.stringify(text)).to.equal(chunks.length);
      ends.forEach((end, c) => {
        expect(allWords.slice(from, end), JSON.stringify(text)).to.deep.equal(words(chunks[c]));
        from = end;
      });
    }
  });

  it('gives every built-in topic and free-text topic the scores of the chunk strings', () => {
    const topics = [...TOPIC_LEXICONS.map((l) => compileTopic(l.name)), compileTopic('space travel'), compileTopic({ name: 'retirement', terms: ['401(k)', 'ira*', 'pension plan'] })];
    expect(topics.every((t) => t.scoreRange)).to.equal(true);
    let scored = 0;
    for (const text of texts) {
      const expected = chunkStringScores(topics, text);
      expect(bestChunkScores(topics, text), JSON.stringify(text)).to.deep.equal(expected);
      scored += expected.filter((s) => s > 0).length;
      // Chunk by chunk too, not only the best: a range must read as its chunk string does.
      const all = splitWords(text);
      if (!chunkWordEnds(all)) continue;
      let from = 0;
      chunkText(text).forEach((chunk, c) => {
        const to = from + words(chunk).length;
        for (const topic of topics) expect(topic.scoreRange!(all, from, to), `${topic.name} in ${JSON.stringify(chunk)}`).to.equal(topic.score(splitWords(chunk)));
        from = to;
      });
    }
    expect(scored).to.be.greaterThan(texts.length);
  });

  it('reads chunk strings for a topic whose terms the word ranges cannot stand for', () => {
    // A trailing symbol run with a space in it ("x . ."), and a leading symbol ("#tag"), which needs the regex.
    const spaced = compileTopic({ name: 'spaced', terms: ['dose . .', 'pain'] });
    const symbol = compileTopic({ name: 'symbol', terms: ['#tag', 'pain'] });
    expect(spaced.scoreRange).to.equal(undefined);
    expect(symbol.scoreRange).to.equal(undefined);
    const text = foldForTopics(`${'pain and dose.  . more words here. '.repeat(30)}dose. .`);
    expect(bestChunkScores([spaced, symbol], text)).to.deep.equal(chunkStringScores([spaced, symbol], text));
  });
});
