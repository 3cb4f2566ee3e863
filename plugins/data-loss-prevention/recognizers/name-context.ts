/**
 * Words that look like names but are not prose: letters cut out of a base64 run, a PEM block
 * or a hex string (`…9AsON/zv…`, where the tokenizer sees `AsON`), and code identifiers
 * (`new Chiara(config)`, `import { Greta }`, `readonly Amara: Map`).
 */

const isDigit = (c: number) => c >= 48 && c <= 57;
// Characters a base64 or hex run glues to a word: digits, `+`, `/`, `=`, `_`, `\`.
const isBlobGlue = (c: number) => isDigit(c) || c === 43 || c === 47 || c === 61 || c === 95 || c === 92;
const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
// Keywords that declare or import the identifier after them.
const CODE_BEFORE = /(?:\b(?:new|class|import|extends|implements|readonly|interface|struct|enum|trait|impl|typeof|instanceof|fn|func|const|var|export default)\s+|\b(?:import|const|let|var)\s*(?:type\s*)?\{[\s\w,]*)$/;

/**
 * True when the word at `start`..`end` sits in a blob or in code, so no name recognizer may
 * take it: glued to a digit, `+`, `/`, `=` or `_`; called or indexed (`Name(`, `Name<`,
 * `Name.create`, `Name::new`); passed bare to a call, a type or a tag (`Inject(Name)`,
 * `List<Name>`, `<Name />`); declared by a keyword (`export default Name`, `const { Name }`); or a
 * hyphenated header field name (`If-None-Match:`). `codeLike` false skips the keyword test
 * (the caller knows the text has no code marks).
 */
export function inBlobOrCode(text: string, start: number, end: number, codeLike = true): boolean {
  const before = text.charCodeAt(start - 1);
  const after = text.charCodeAt(end);
  if (isBlobGlue(before) || isBlobGlue(after)) return true;
  if (after === 40 /* ( */ || after === 60 /* < */ || after === 91 /* [ */) return true;
  if ((after === 46 /* . */ && isLetter(text.charCodeAt(end + 1))) || (after === 58 /* : */ && text.charCodeAt(end + 1) === 58)) return true;
  if (before === 46 /* . */ && isLetter(text.charCodeAt(start - 2))) return true;
  // `Inject(Name)`: an argument of a call; `List<Name>`, `<Name onClick=…>`: a type or a markup tag.
  if ((before === 40 /* ( */ && isLetter(text.charCodeAt(start - 2))) || before === 60 /* < */) return true;
  // `If-None-Match:`: a hyphenated header field name.
  if (after === 58 /* : */ && text.slice(start, end).includes('-')) return true;
  // The keyword test reads the text before the word: only after a space, brace or comma, and
  // only in a text with code marks (`codeLike`: braces, semicolons, `=`, angle brackets).
  if (codeLike && (before === 32 || before === 123 || before === 44)) return CODE_BEFORE.test(text.slice(Math.max(0, start - 24), start));
  return false;
}
