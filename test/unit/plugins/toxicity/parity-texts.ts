/**
 * Texts for the toxicity parity tests: generated from a seed, mixing plain prose, toxic words,
 * the obfuscations normalization undoes (leetspeak, symbols and spaces inside words, repeated
 * letters, `*` masks, markdown), accents, look-alike letters, emoji and long texts cut into
 * several windows, so every path of the text scorer gets work.
 */
import { seededRandom as rng } from '../../../fixtures/seeded-random.js';

const WORDS = (
  'the a of and to in is you that it for on with as was at by this be are from or have not ' +
  'report server quarterly meeting please thanks garden python process restart chess king ' +
  'fuck shit bitch idiot moron stupid kill shoot murder die myself yourself suicide hate ' +
  'jews immigrants women should be shot all those back human white power nudes suck dick ' +
  'sh1t f.u.c.k b-i-t-c-h fuuuuck f*ck n***a **bold** @user &amp; https://example.com/x RT ' +
  'grüße naïve café résumé São Paulo Ñandú піздець сука дурак идиот аss рrick 東京 日本語 ' +
  '🙂 🔥 💀 𝓯𝓾𝓬𝓴 ｆｕｃｋ e\u0301 f\u200Buck ... !!! ??? , ; : - — 2024 1111 room-42 ' +
  "I'll k1ll y0u gonna hurt put a bullet in go die kys kill yourself i want to die " +
  'shut up nobody likes you you are a worthless idiot send nudes wanna fuck you'
).split(' ');

const SEPARATORS = [' ', ' ', ' ', ' ', '  ', '\n', '\n\n', ', ', '. ', '! ', ' - ', '\t', ' * ', ' f u c k '];

/** `count` texts from `seed`: lengths from one word to about 2 KB, some of them plain ASCII only. */
export function parityTexts(seed: number, count: number): string[] {
  const random = rng(seed);
  const ascii = WORDS.filter((w) => /^[\x00-\x7f]*$/.test(w));
  const texts: string[] = [];
  for (let n = 0; n < count; n++) {
    const pool = n % 3 === 0 ? ascii : WORDS;
    const length = n % 5 === 0 ? 300 + Math.floor(random() * 1800) : Math.floor(random() * 300);
    let text = '';
    while (text.length < length) {
      text += pool[Math.floor(random() * pool.length)];
      text += SEPARATORS[Math.floor(random() * SEPARATORS.length)];
    }
    // Now and then a run with no space at all, longer than a remembered word or a window.
    if (n % 17 === 0) text += 'x'.repeat(200 + Math.floor(random() * 500));
    texts.push(text);
  }
  return texts;
}
