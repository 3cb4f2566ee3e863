/**
 * Arbitraries for the parts of a URL a client controls: path segments full of percent-escapes
 * (valid, truncated, overlong, encoded slashes and dots, encoded lone surrogates) and query
 * strings with repeated and odd parameters. Both come out as raw URL text, already escaped.
 */
import fc from 'fast-check';

/** Percent-escapes every byte of `text`'s UTF-8 form (lone surrogates become U+FFFD, as UTF-8 must). */
export function escapeBytes(text: string): string {
  return [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
}

const SEGMENT_SAFE = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&\'()*+,;=:@';

/** One piece of a path segment or query value. */
const urlPiece: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: fc.constantFrom(...SEGMENT_SAFE), minLength: 1, maxLength: 8 }) },
  { weight: 3, arbitrary: fc.constantFrom('%', '%E0%A4%A', '%E0%A4', '%zz', '%0', '%00', '%2F', '%2f', '%5C', '%2e%2e', '%C0%AF', '%C0%80', '%FF', '%FE%FF', '%ED%A0%80', '%F4%90%80%80', '%25', '%25%32%66', '%3A', '%40', '%3F', '%23', '%0D%0A', '..', '.') },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 4 }).map(escapeBytes) },
  { weight: 1, arbitrary: fc.integer({ min: 200, max: 8_000 }).map((n) => 'a'.repeat(n)) },
);

/** A path segment: one to six pieces (never empty, never holding a raw `/`, `?` or `#`). */
export const pathSegment: fc.Arbitrary<string> = fc.array(urlPiece, { minLength: 1, maxLength: 6 }).map((pieces) => pieces.join(''));

/** A query string (without `?`) of zero to six parameters, names often repeated, some without a value. */
export function queryString(names: readonly string[]): fc.Arbitrary<string> {
  const name = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...names) }, { weight: 1, arbitrary: pathSegment });
  const parameter = fc.oneof(
    { weight: 5, arbitrary: fc.tuple(name, pathSegment).map(([n, v]) => `${n}=${v}`) },
    { weight: 1, arbitrary: name },
    { weight: 1, arbitrary: fc.tuple(name, fc.constantFrom('', '=', '[]=1', '[a]=1')).map(([n, v]) => `${n}${v}`) },
  );
  return fc.array(parameter, { maxLength: 6 }).map((parameters) => parameters.join('&'));
}
