/**
 * The secret formats of rules.json, validated and compiled once per process: each rule's
 * pattern becomes a sticky (prefix rules) or global (keyword rules) regular expression whose match is the value, and
 * every prefix and keyword of every rule goes into one NeedleScanner.
 */
import { readFileSync } from 'node:fs';
import { pluginDataFile } from '../../../core/plugin/index.js';
import { SECRET_ENTITIES, type SecretEntity } from '../entity-types.js';
import type { Needle } from './prefilter.js';
import type { Sensitivity } from './sensitivity.js';

/** A character class a value must contain. */
export type CharClass = 'upper' | 'lower' | 'digit';

/** One rule as written in rules.json (its `description` says what each field means). */
export interface SecretRule {
  id: string;
  provider: string;
  entity: SecretEntity;
  pattern: string;
  prefixes?: string[];
  keywords?: string[];
  /** Characters searched before and after a keyword. */
  window?: [number, number];
  bounded?: boolean;
  entropy?: number;
  classes?: CharClass[];
  allow?: string[];
  score?: number;
  sensitivity?: Sensitivity;
}

/** A rule ready to run. */
export interface CompiledRule {
  id: string;
  entity: SecretEntity;
  /** Sticky for prefix rules (tried at the prefix), global for keyword rules (searched in the window). */
  regex: RegExp;
  anchored: boolean;
  before: number;
  after: number;
  entropy: number;
  classes: readonly CharClass[];
  allow: readonly RegExp[];
  score: number;
  sensitivity: Sensitivity;
}

// Longest value any anchored rule accepts, plus room: the slice an anchored rule is tried on.
const ANCHORED_SPAN = 1100;
const SECRET_ENTITY_SET: ReadonlySet<string> = new Set(SECRET_ENTITIES);

function compile(rule: SecretRule): CompiledRule {
  const anchored = !!rule.prefixes?.length;
  if (anchored === !!rule.keywords?.length) throw new Error(`secret rule ${rule.id}: give prefixes or keywords, not both`);
  if (!SECRET_ENTITY_SET.has(rule.entity)) throw new Error(`secret rule ${rule.id}: unknown entity ${rule.entity}`);
  const body = rule.bounded === false ? rule.pattern : `(?<![A-Za-z0-9_-])(?:${rule.pattern})(?![A-Za-z0-9_-])`;
  const [before, after] = rule.window ?? [0, 160];
  return {
    id: rule.id,
    entity: rule.entity,
    regex: new RegExp(body, anchored ? 'y' : 'g'),
    anchored,
    before,
    after: anchored ? ANCHORED_SPAN : after,
    entropy: rule.entropy ?? 0,
    classes: rule.classes ?? [],
    allow: (rule.allow ?? []).map((a) => new RegExp(`^(?:${a})$`)),
    score: rule.score ?? 0.97,
    sensitivity: rule.sensitivity ?? 'low',
  };
}

/** The rules of a rules file and the needles that trigger them. */
export interface RuleSet {
  rules: CompiledRule[];
  needles: Needle[];
}

/** Compiles rules (as read from rules.json); throws naming the rule when one is malformed. */
export function compileRules(rules: readonly SecretRule[]): RuleSet {
  const ids = new Set<string>();
  const compiled: CompiledRule[] = [];
  const needles: Needle[] = [];
  rules.forEach((rule, i) => {
    if (ids.has(rule.id)) throw new Error(`secret rule ${rule.id}: id used twice`);
    ids.add(rule.id);
    compiled.push(compile(rule));
    for (const p of rule.prefixes ?? []) needles.push({ text: p, caseSensitive: true, tokenStart: true, rule: i });
    // A keyword that starts with a letter starts a word (`aws`, not the end of `laws`).
    for (const k of rule.keywords ?? []) needles.push({ text: k, caseSensitive: false, tokenStart: /^[a-z]/i.test(k), rule: i });
  });
  return { rules: compiled, needles };
}

let shipped: RuleSet | undefined;

/** The rules shipped in rules.json, read and compiled on first use. */
export function shippedRules(): RuleSet {
  shipped ??= compileRules((JSON.parse(readFileSync(pluginDataFile(import.meta.url, 'rules.json'), 'utf8')) as { rules: SecretRule[] }).rules);
  return shipped;
}
