/**
 * GENERIC_SECRET: passwords written in forms without a `key = value` assignment: XML settings
 * (`<add key="SmtpPassword" value="..."/>`) and a MySQL client's `-p'...'` on a command line.
 */
import type { Recognizer, Span } from '../span.js';
import { isPlaceholder } from './placeholder.js';
import { isNotAValue } from './not-a-value.js';

const XML_SETTING = /\bkey\s*=\s*"([^"]{0,60}?(?:password|passwd|pwd|secret|token|api_?key))"\s+value\s*=\s*"([^"\s]{6,200})"/gi;
// One pass tells whether either form can be present.
const GATE = /value\s*=|mysql|mariadb/i;
const MYSQL_PASSWORD = /\b(?:mysql|mysqldump|mysqladmin|mariadb)\b[^\n]{0,120}?\s-p(?:'([^'\s]{4,128})'|"([^"\s]{4,128})"|([^\s'"-][^\s'"]{3,127}))/g;

function push(out: Span[], matchIndex: number, match: string, value: string): void {
  const start = matchIndex + match.lastIndexOf(value);
  out.push({ entity: 'GENERIC_SECRET', start, end: start + value.length, score: 0.9 });
}

/** Finds passwords in XML key/value settings and MySQL command lines. */
export function configPasswordRecognizer(): Recognizer {
  return {
    entities: ['GENERIC_SECRET'],
    find(text: string, out: Span[]) {
      if (!GATE.test(text)) return;
      for (const m of text.matchAll(XML_SETTING)) {
        const [, key, value] = m;
        if (!isPlaceholder(value) && !isNotAValue(key, value, true) && /[^A-Za-z]/.test(value)) push(out, m.index, m[0], value);
      }
      if (text.includes(' -p')) {
        for (const m of text.matchAll(MYSQL_PASSWORD)) {
          const value = m[1] ?? m[2] ?? m[3];
          if (!isPlaceholder(value) && !isNotAValue('password', value, m[3] === undefined)) push(out, m.index, m[0], value);
        }
      }
    },
  };
}
