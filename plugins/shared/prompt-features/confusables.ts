/**
 * Look-alike letters folded to ASCII: Cyrillic, Greek and a few Latin-extended letters that
 * render like Latin ones. Fullwidth and mathematical letters need no entry: NFKC folds them.
 */
const PAIRS: ReadonlyArray<[string, string]> = [
  // Cyrillic
  ['а', 'a'], ['в', 'b'], ['е', 'e'], ['ё', 'e'], ['һ', 'h'], ['і', 'i'], ['ї', 'i'], ['ј', 'j'], ['к', 'k'],
  ['м', 'm'], ['н', 'h'], ['о', 'o'], ['р', 'p'], ['с', 'c'], ['т', 't'], ['у', 'y'], ['х', 'x'], ['ѕ', 's'],
  ['ԁ', 'd'], ['ԛ', 'q'], ['ԝ', 'w'], ['ӏ', 'l'], ['ɡ', 'g'], ['ү', 'y'], ['ߋ', 'o'],
  ['А', 'A'], ['В', 'B'], ['Е', 'E'], ['К', 'K'], ['М', 'M'], ['Н', 'H'], ['О', 'O'], ['Р', 'P'],
  ['С', 'C'], ['Т', 'T'], ['Х', 'X'], ['Ү', 'Y'], ['Ѕ', 'S'], ['І', 'I'], ['Ј', 'J'], ['Ԁ', 'D'],
  // Greek
  ['α', 'a'], ['ο', 'o'], ['ν', 'v'], ['ρ', 'p'], ['τ', 't'], ['ι', 'i'], ['κ', 'k'], ['υ', 'u'], ['ϲ', 'c'],
  ['Α', 'A'], ['Β', 'B'], ['Ε', 'E'], ['Ζ', 'Z'], ['Η', 'H'], ['Ι', 'I'], ['Κ', 'K'], ['Μ', 'M'],
  ['Ν', 'N'], ['Ο', 'O'], ['Ρ', 'P'], ['Τ', 'T'], ['Υ', 'Y'], ['Χ', 'X'],
  // Latin look-alikes outside ASCII
  ['ı', 'i'], ['ȷ', 'j'], ['ℓ', 'l'], ['ƅ', 'b'], ['ɑ', 'a'], ['ɩ', 'i'], ['ʀ', 'r'], ['ꜱ', 's'],
];

/** Code point of a confusable letter -> its ASCII letter. */
export const CONFUSABLES: ReadonlyMap<number, string> = new Map(PAIRS.map(([from, to]) => [from.codePointAt(0)!, to]));
