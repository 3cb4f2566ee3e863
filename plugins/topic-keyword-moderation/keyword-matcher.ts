/**
 * Denied keywords and operator regex patterns, compiled once per settings. All keywords share
 * one alternation (longest first, so "project-x" wins over "project" at the same place); the
 * capture group that matched says which configured keyword it was.
 */
import { compileLinearRegex, type LinearRegex } from '../../core/plugin/index.js';
import { foldText, type FoldOptions } from './text-folding.js';
import { captureAlternation, phraseSource } from './phrase-pattern.js';
import type { KeywordPattern } from './settings.js';

/** Finds which configured keywords and patterns occur in a text. */
export interface KeywordMatcher {
  /**
   * Entity names of everything that matched: the configured keyword itself, or `pattern:<id>`.
   * `folded` is the text already folded with the matcher's options, when the caller has it.
   */
  match(text: string, folded?: string): string[];
}

// A tenant's pattern runs on the linear-time engine: text callers choose cannot stall it.
function compilePattern(p: KeywordPattern): LinearRegex {
  return compileLinearRegex(p.regex, { ignoreCase: !p.case_sensitive });
}

/** Compiles keywords and patterns; regexes are built here, never per request. */
export function compileKeywordMatcher(keywords: string[], patterns: KeywordPattern[], fold: FoldOptions): KeywordMatcher {
  const entries = [...new Set(keywords)]
    .map((keyword) => ({ keyword, source: phraseSource(foldText(keyword, fold)) }))
    .filter((e): e is { keyword: string; source: string } => e.source !== undefined)
    .sort((a, b) => b.source.length - a.source.length);
  const combined = entries.length ? new RegExp(captureAlternation(entries.map((e) => e.source)), 'gu') : undefined;
  const regexes = patterns.map((p) => ({
    entity: `pattern:${p.id}`,
    regex: compilePattern(p),
  }));

  return {
    match(text: string, folded?: string): string[] {
      const found = new Set<string>();
      if (combined) {
        for (const m of (folded ?? foldText(text, fold)).matchAll(combined)) {
          const group = m.findIndex((g, i) => i > 0 && g !== undefined);
          if (group > 0) found.add(entries[group - 1].keyword);
          if (found.size === entries.length) break;
        }
      }
      if (regexes.length) {
        // Patterns see the text without invisible characters, in compatibility form.
        const plain = foldText(text, { caseSensitive: true, foldDiacritics: false });
        for (const { entity, regex } of regexes) if (regex.test(plain)) found.add(entity);
      }
      return [...found];
    },
  };
}
