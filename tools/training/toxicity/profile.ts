/** Development aid: average CPU time of each toxicity stage on a 4 KB prompt. */
import { normalizeText } from '../../../plugins/toxicity/normalize.js';
import { extractFeatures, FeatureCounts, predict } from '../../../plugins/toxicity/features.js';
import { toxicityModel } from '../../../plugins/toxicity/model.js';
import { phraseTags, wordTags } from '../../../plugins/toxicity/lexicon.js';
import { profanityMatcher } from '../../../plugins/toxicity/profanity-matcher.js';

const base =
  'Hi team, my name is Anna Berg and I live at 1668 Glyn St, Springfield. Call me at +1 415-555-0132 or mail anna.berg@example.com. ' +
  'Could you review the quarterly report, summarize the findings about revenue growth in Europe, and list three risks for next year? ' +
  'We moved here from Helsinki last spring; the office is great but the coffee machine keeps breaking, which is annoying. ';
const text = base.repeat(Math.ceil(4096 / base.length)).slice(0, 4096);
const time = (name: string, f: () => unknown) => {
  for (let i = 0; i < 50; i++) f();
  const c0 = process.cpuUsage();
  for (let i = 0; i < 300; i++) f();
  const c = process.cpuUsage(c0);
  console.log(name.padEnd(10), ((c.user + c.system) / 1000 / 300).toFixed(3), 'ms CPU');
};
const model = toxicityModel();
const matcher = profanityMatcher();
const counts = new FeatureCounts();
const n = normalizeText(text);
time('normalize', () => normalizeText(text));
time('features', () => extractFeatures(n, counts));
time('predict', () => predict(model, counts));
time('words', () => n.split(' ').map(wordTags));
time('phrases', () => phraseTags(n));
time('obscenity', () => matcher.tags(n));
