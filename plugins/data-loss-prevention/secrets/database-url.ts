/** DATABASE_URL: connection strings carrying a password (`postgres://user:pass@host/db`); the password is masked. */
import type { Recognizer, Span } from '../span.js';
import { isPlaceholder } from './placeholder.js';

const URL_WITH_PASSWORD =
  /\b(?:postgres(?:ql)?|mysql|mariadb|mongodb(?:\+srv)?|redis|rediss|amqps?|mssql|sqlserver|oracle|cockroachdb|clickhouse|jdbc:[a-z]+|ftp|sftp|smtp|smtps)(?:\+[a-z0-9]+)?:\/\/([^\s:/@'"`]{1,128}):([^\s@'"`]{1,256})@[\w.-]+/gi;
// Passwords that are variables or documentation, not values.
const NOT_A_VALUE = /^(?:pass(?:word)?|pwd|secret|\*+|x+|\$\w+|\$\{.*\}|%\w+%|<.*>|\{.*\}|:+)$/i;

/** Finds credentialed URLs of databases and brokers; reports the password span only. */
export function databaseUrlRecognizer(): Recognizer {
  return {
    entities: ['DATABASE_URL'],
    find(text: string, out: Span[]) {
      if (!text.includes('://')) return;
      for (const m of text.matchAll(URL_WITH_PASSWORD)) {
        const password = m[2];
        if (NOT_A_VALUE.test(password) || isPlaceholder(password)) continue;
        const start = m.index + m[0].indexOf(':', m[0].indexOf('://') + 3) + 1;
        out.push({ entity: 'DATABASE_URL', start, end: start + password.length, score: 0.98 });
      }
    },
  };
}
