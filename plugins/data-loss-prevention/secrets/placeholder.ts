/**
 * Tells placeholders and documentation examples (`sk-xxxx`, `YOUR_API_KEY`, `<token>`,
 * `AKIAIOSFODNN7EXAMPLE`) from real secret values, so they are not masked or reported.
 */

const PLACEHOLDER =
  /x{4,}|\*{3,}|\.{3}|â€¦|…|example|sample|placeholder|dummy|redacted|changeme|change_me|your[_-]?|my[_-]?(?:api|secret|token|key|pass)|<[^>]*>|\$\{|\{\{|%\(|insert|replace|foobar|lorem|test[_-]?key|fake|0{8,}|1234567890|abcdef(?:gh)?(?:ij)?$/i;

// Example keys published in providers' own documentation.
const DOCUMENTED_EXAMPLES = new Set([
  'AKIAIOSFODNN7EXAMPLE',
  'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  'sk_test_4eC39HqLyjWDarjtT1zdp7dc',
  'sk_test_BQokikJOvBiI2HlWgH4olfQ2',
  'pk_test_TYooMQauvdEDq54NiTphI7jx',
  // Telegram's Bot API documentation token.
  '123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11',
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
]);

/** True for values that are clearly not a real secret: placeholders, templates, doc examples. */
export function isPlaceholder(value: string): boolean {
  if (DOCUMENTED_EXAMPLES.has(value)) return true;
  if (PLACEHOLDER.test(value)) return true;
  // `<secret here>` cut at its space, `[hidden]`: a bracketed description, not a value.
  if (/^[<[]|[>\]]$/.test(value)) return true;
  // Very few distinct characters: `aaaaaaaa`, `abababab`.
  return new Set(value).size <= Math.min(4, Math.ceil(value.length / 4));
}
