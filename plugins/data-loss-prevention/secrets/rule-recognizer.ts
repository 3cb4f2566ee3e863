/**
 * Runs the rules of rules.json: one NeedleScanner pass finds where a prefix or keyword occurs,
 * and only the rules found there run, so the cost per text does not grow with the number of
 * rules. A prefix rule is tried anchored at its prefix; a keyword rule searches a window around
 * its keyword. A match is a secret when it passes the rule's entropy, character-class and
 * allow checks and is no placeholder. The same pass tells the other secret recognizers (JWTs,
 * key blocks, assignments) whether their trigger strings occur, so a text without any of them
 * is read once in all.
 */
import type { SecretEntity } from '../entity-types.js';
import { shannonEntropy } from '../entropy.js';
import type { Recognizer, Span } from '../span.js';
import { isPlaceholder } from './placeholder.js';
import { NeedleScanner } from './prefilter.js';
import type { CompiledRule, RuleSet } from './rules.js';
import { reaches, type Sensitivity } from './sensitivity.js';

const CLASS_TEST = { upper: /[A-Z]/, lower: /[a-z]/, digit: /[0-9]/ } as const;

// `sha512-<base64>` (integrity attributes), `sha256:<hex>`: a digest, whatever its shape.
const DIGEST_BEFORE = /(?:sha(?:1|224|256|384|512)|md5)[-:]$/i;

function accepted(rule: CompiledRule, value: string, text: string, start: number): boolean {
  if (DIGEST_BEFORE.test(text.slice(Math.max(0, start - 7), start))) return false;
  for (const c of rule.classes) if (!CLASS_TEST[c].test(value)) return false;
  for (const a of rule.allow) if (a.test(value)) return false;
  return shannonEntropy(value) >= rule.entropy && !isPlaceholder(value);
}

function pushOnce(out: Span[], from: number, entity: SecretEntity, start: number, end: number, score: number): void {
  for (let i = from; i < out.length; i++) if (out[i].start === start && out[i].end === end) return;
  out.push({ entity, start, end, score });
}

/** A recognizer that runs only on a text holding one of its trigger strings. */
export interface Gated {
  recognizer: Recognizer;
  /** Case-sensitive strings of two or more ASCII characters. */
  triggers: readonly string[];
  /** Case-insensitive ones. */
  keywords?: readonly string[];
  /** Case-insensitive ones that count only when an assignment (`:` or `=`) follows. */
  keysBeforeOperator?: readonly string[];
}

/**
 * The recognizer of a rule set at one sensitivity (rules above that point are left out), and
 * of the gated recognizers, run after the pass when one of their triggers occurred.
 */
export function ruleRecognizer(set: RuleSet, sensitivity: Sensitivity, gated: readonly Gated[] = []): Recognizer {
  const rules = set.rules;
  const needles = set.needles.filter((n) => reaches(sensitivity, rules[n.rule].sensitivity));
  // Gate g stands as needle rule index rules.length + g.
  gated.forEach((g, i) => {
    for (const text of g.triggers) needles.push({ text, caseSensitive: true, tokenStart: false, rule: rules.length + i });
    for (const text of g.keywords ?? []) needles.push({ text, caseSensitive: false, tokenStart: false, rule: rules.length + i });
    for (const text of g.keysBeforeOperator ?? []) needles.push({ text, caseSensitive: false, tokenStart: false, rule: rules.length + i, operatorAfter: true });
  });
  const scanner = new NeedleScanner(needles);
  const fired = new Uint8Array(gated.length);
  // The text being read: one hit handler serves every text, so a text costs no new closure.
  let text = '';
  let out: Span[] = [];
  let from = 0;
  const onHit = (index: number, at: number) => {
    if (index >= rules.length) {
      fired[index - rules.length] = 1;
      return;
    }
    const rule = rules[index];
    const re = rule.regex;
    if (rule.anchored) {
      re.lastIndex = at;
      const m = re.exec(text);
      if (m && accepted(rule, m[0], text, at)) pushOnce(out, from, rule.entity, at, at + m[0].length, rule.score);
      return;
    }
    // One character beyond each side of the window, so the pattern's look-arounds see the text.
    const start = Math.max(0, at - rule.before - 1);
    const end = Math.min(text.length, at + rule.after + 1);
    const window = text.slice(start, end);
    re.lastIndex = 0;
    for (let m = re.exec(window); m; m = re.exec(window)) {
      const mEnd = m.index + m[0].length;
      if ((m.index === 0 && start > 0) || (mEnd === window.length && end < text.length)) continue;
      if (accepted(rule, m[0], text, start + m.index)) pushOnce(out, from, rule.entity, start + m.index, start + mEnd, rule.score);
    }
  };
  return {
    entities: [...new Set([...rules.map((r) => r.entity), ...gated.flatMap((g) => g.recognizer.entities)])],
    find(t: string, o: Span[]) {
      text = t;
      out = o;
      from = o.length;
      fired.fill(0);
      scanner.scan(text, onHit);
      for (let g = 0; g < gated.length; g++) if (fired[g] === 1) gated[g].recognizer.find(t, o);
      text = '';
      out = [];
    },
  };
}
