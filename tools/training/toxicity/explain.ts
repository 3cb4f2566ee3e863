/** Development aid: which words of a text carry lexicon tags (`npx tsx tools/training/toxicity/explain.ts "text"`). */
import { normalizeText } from '../../../plugins/toxicity/normalize.js';
import { phraseTags, wordTags } from '../../../plugins/toxicity/lexicon.js';
import { profanityMatcher } from '../../../plugins/toxicity/profanity-matcher.js';

const matcher = profanityMatcher();
for (const text of process.argv.slice(2)) {
  const n = normalizeText(text);
  for (const w of n.split(' ')) {
    const tags = [...wordTags(w), ...matcher.tags(w)];
    if (tags.length) console.log(JSON.stringify(w), JSON.stringify(tags));
  }
  console.log('phrases', JSON.stringify(phraseTags(n)));
}
