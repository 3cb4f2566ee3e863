/**
 * Words that look like leetspeak to leet-words.ts (letters mixed with digits or `@$!|`) but are
 * something else: numbers with units, prices, e-mail addresses, fields joined by pipes, hex
 * groups and identifiers. Reading them as letters undoes no disguise, and each pair of them
 * made prompt_guard read a whole long text once more (its de-obfuscated view): pasted mail
 * headers, invoices and contact lists were its slowest prompts. Real leetspeak (`1gn0r3`,
 * `p@ssw0rd`, `he||o`, `d4ta`) is none of these.
 */

// Model numbers, sizes, ordinals, times, dimensions and extensions: `mp3`, `64gb`, `2nd`, `3560x4587`.
const NUMBERISH = /^(?:[a-z]{0,3}\d+[a-z]{0,3}|\d+(?:st|nd|rd|th|s|k|m|g|x|px|gb|mb|kb|am|pm|mg|ml|kg|km|cm|mm)?|\d+x\d+)$/;
// A price: `us$2`, `$5`.
const PRICE = /\$\d/;
// An e-mail address's mailbox and host, its `.tld` right after the word (`p@ss.` ends a sentence).
const MAILBOX = /^[a-z0-9]+@[a-z0-9]+$/;
const TLD_NEXT = /^\.[a-z]/;
// Fields of at least three letters or digits joined by pipes, one of at least four beside a pipe
// that opens or closes the word: `2022|email`, `|received`. Leetspeak pipes stand inside a word.
const PIPE_FIELDS = /^(?=.*\|)(?:\|+(?=[a-z0-9]{4}))?[a-z0-9]{3,}(?:\|+[a-z0-9]{3,})*(?:(?<=[a-z0-9]{4})\|+)?$/;
// A group of hex digits beside a colon: a part of an IPv6 or MAC address.
const HEX = /^[0-9a-f]+$/;
const COLON = 58;

/** Whether the leetspeak candidate `text.slice(start, end)` is one of the look-alikes above. */
export function isNotLeetspeak(text: string, start: number, end: number): boolean {
  const word = text.slice(start, end);
  if (NUMBERISH.test(word) || PRICE.test(word) || PIPE_FIELDS.test(word)) return true;
  if (MAILBOX.test(word) && TLD_NEXT.test(text.slice(end, end + 2))) return true;
  if (HEX.test(word) && (text.charCodeAt(start - 1) === COLON || text.charCodeAt(end) === COLON)) return true;
  // An identifier (an IBAN, an account or order number): ten or more units, more of them digits than letters.
  // (A long run of mostly letters stays leetspeak: glued words `1gn0r3pr3v10u5rul35` are read.)
  return word.length >= 10 && digits(word) > word.length / 2;
}

function digits(word: string): number {
  let n = 0;
  for (let i = 0; i < word.length; i++) if (word.charCodeAt(i) >= 48 && word.charCodeAt(i) <= 57) n++;
  return n;
}
