/**
 * Regular expressions that tenants write (keyword patterns, DLP allow patterns, guardrail gate
 * `matches`) run on a service every tenant shares, against text callers choose. A backtracking
 * engine takes exponential time on patterns such as `(a+)+$`, so these run on a linear-time
 * engine (RE2's algorithm, re2js): matching takes time proportional to the text, whatever the
 * pattern. RE2 has no look-around and no back-references; a pattern using them is refused when
 * it is written, with the engine's reason.
 */
import { RE2JS } from 're2js';

/** A compiled tenant pattern: does it occur anywhere in a text. */
export interface LinearRegex {
  test(text: string): boolean;
}

/** Compiles `source` for the linear-time engine; throws with the reason when it cannot run there. */
export function compileLinearRegex(source: string, options: { ignoreCase?: boolean } = {}): LinearRegex {
  const pattern = RE2JS.compile(source, options.ignoreCase ? RE2JS.CASE_INSENSITIVE : 0);
  return { test: (text) => pattern.matcher(text).find() };
}

/** Why `source` cannot run in linear time (look-around, back-references, bad syntax), or undefined when it can. */
export function linearRegexRefusal(source: string): string | undefined {
  try {
    RE2JS.compile(source);
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}
