/**
 * Every settings property of a built-in detector or policy plugin is documented: named in
 * backticks on its page, as `name` or as a path ending in it (`counter_sync.mode`,
 * `patterns[].id`). Nested properties count too (objects, array items, `oneOf` variants, `$ref`s
 * and every `$defs` entry).
 *
 * - detectors: docs/detectors/<kebab-id>.md;
 * - policy plugins: the section of docs/policies.md or docs/guardrails.md whose heading names
 *   the type;
 * - the core router's settings (schemas/plugins/routing.schema.json): docs/routing.md.
 *
 * The built-in detectors and plugins come from the plugin host, so a new one fails here until
 * its page is named below and documents its settings.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { createPluginHost, type PluginHost } from '../../../core/plugin/host.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SCHEMAS = `${ROOT}schemas/plugins/`;

/** Where each policy plugin (and the router) documents its settings: page, and heading to look under. */
const POLICY_DOCS: Record<string, { page: string; section?: string }> = {
  request_size_limiter: { page: 'docs/policies.md', section: 'request_size_limiter' },
  rate_limiter: { page: 'docs/policies.md', section: 'rate_limiter' },
  token_rate_limiter: { page: 'docs/policies.md', section: 'token_rate_limiter' },
  tool_governance: { page: 'docs/policies.md', section: 'tool_governance' },
  tool_rate_limiter: { page: 'docs/policies.md', section: 'tool_rate_limiter' },
  tool_injection: { page: 'docs/policies.md', section: 'tool_injection' },
  cache: { page: 'docs/policies.md', section: 'cache' },
  guardrails: { page: 'docs/guardrails.md', section: 'guardrails' },
  routing: { page: 'docs/routing.md' },
};

type SchemaNode = Record<string, unknown>;

interface SettingsProperty {
  /** `limits[].window`, `counter_sync.mode`, `circuit_breaker.open_ms` */
  path: string;
  name: string;
}

function readSchema(id: string): SchemaNode {
  return JSON.parse(readFileSync(`${SCHEMAS}${id}.schema.json`, 'utf8')) as SchemaNode;
}

/** Every property name reachable in `schema`, with its path. */
function settingsProperties(schema: SchemaNode): SettingsProperty[] {
  const defs = (schema.$defs ?? {}) as Record<string, SchemaNode>;
  const out = new Map<string, SettingsProperty>();
  const walk = (node: unknown, prefix: string, expanding: ReadonlySet<string>): void => {
    if (!node || typeof node !== 'object' || Array.isArray(node)) return;
    let n = node as SchemaNode;
    let refs = expanding;
    const ref = typeof n.$ref === 'string' ? /^#\/\$defs\/(.+)$/.exec(n.$ref) : null;
    if (ref) {
      if (expanding.has(ref[1])) return;
      refs = new Set([...expanding, ref[1]]);
      n = defs[ref[1]] ?? {};
    }
    for (const [name, child] of Object.entries((n.properties ?? {}) as Record<string, unknown>)) {
      const path = `${prefix}${name}`;
      out.set(path, { path, name });
      walk(child, `${path}.`, refs);
    }
    if (n.items) walk(n.items, prefix.endsWith('.') ? `${prefix.slice(0, -1)}[].` : prefix, refs);
    for (const key of ['oneOf', 'anyOf', 'allOf'] as const) for (const variant of (n[key] ?? []) as unknown[]) walk(variant, prefix, refs);
  };
  walk(schema, '', new Set());
  for (const [name, def] of Object.entries(defs)) walk(def, `${name}.`, new Set([name]));
  return [...out.values()];
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `name` or a backticked path ending in `.name`. */
function mentions(text: string, name: string): boolean {
  return new RegExp('`(?:[A-Za-z0-9_\\[\\]]+\\.)*' + escapeRegExp(name) + '`').test(text);
}

/** The part of a markdown page under the heading that names `type` in backticks (to the next heading of the same or a higher level). */
function sectionOf(page: string, type: string): string {
  const lines = page.split('\n');
  const start = lines.findIndex((line) => /^#{1,6} /.test(line) && line.includes(`\`${type}\``));
  if (start < 0) return '';
  const level = /^#+/.exec(lines[start])![0].length;
  const end = lines.findIndex((line, i) => i > start && new RegExp(`^#{1,${level}} `).test(line));
  return lines.slice(start, end < 0 ? undefined : end).join('\n');
}

function undocumented(schema: SchemaNode, text: string): string[] {
  return settingsProperties(schema).filter((p) => !mentions(text, p.name)).map((p) => p.path);
}

describe('docs: settings of the built-in detectors and policy plugins are documented', () => {
  let host: PluginHost;
  before(async () => {
    host = await createPluginHost();
  });

  it('the property walk finds nested settings', () => {
    const paths = settingsProperties(readSchema('rate_limiter')).map((p) => p.path);
    expect(paths).to.include.members(['limits', 'limits[].requests', 'limits[].window', 'counter_sync.mode', 'counter_sync.interval_ms']);
    expect(settingsProperties(readSchema('topic_keyword_moderation')).map((p) => p.path)).to.include.members(['patterns[].id', 'denied_topics[].terms', 'topic.name']);
    expect(settingsProperties(readSchema('routing')).map((p) => p.path)).to.include.members(['retry.max_retries', 'circuit_breaker.open_ms', 'health_check.path']);
    expect(mentions('the `counter_sync.mode` field', 'mode')).to.equal(true);
    expect(mentions('`{mode, interval_ms}`', 'mode')).to.equal(false);
  });

  it('every schema under schemas/plugins belongs to a built-in detector or policy plugin with a page', () => {
    const ids = readdirSync(SCHEMAS).filter((f) => f.endsWith('.schema.json')).map((f) => f.replace('.schema.json', ''));
    const known = new Set([...host.detectors.keys(), ...Object.keys(POLICY_DOCS)]);
    expect(ids.filter((id) => !known.has(id)), 'schemas with no documentation page here').to.deep.equal([]);
    expect([...host.plugins.keys()].filter((name) => !POLICY_DOCS[name]), 'built-in plugins with no documentation page here').to.deep.equal([]);
  });

  it('each detector page documents every property of its settings schema', () => {
    expect(host.detectors.size).to.be.greaterThanOrEqual(7);
    const missing: string[] = [];
    for (const [name, detector] of host.detectors) {
      const schema = readSchema(name);
      expect(schema.$id, name).to.equal(detector.schemaId);
      const page = `docs/detectors/${name.replace(/_/g, '-')}.md`;
      expect(existsSync(`${ROOT}${page}`), page).to.equal(true);
      missing.push(...undocumented(schema, readFileSync(`${ROOT}${page}`, 'utf8')).map((path) => `${page}: ${name} ${path}`));
    }
    expect(missing, 'settings not named on their detector page').to.deep.equal([]);
  });

  it('the policy pages document every property of each policy plugin and of the router', () => {
    const missing: string[] = [];
    for (const [name, { page, section }] of Object.entries(POLICY_DOCS)) {
      const schema = readSchema(name);
      const plugin = host.plugins.get(name);
      if (name !== 'routing') expect(plugin?.schemaId, name).to.equal(schema.$id);
      const text = readFileSync(`${ROOT}${page}`, 'utf8');
      const scope = section ? sectionOf(text, section) : text;
      expect(scope, `${page} has a section headed \`${section}\``).to.not.equal('');
      missing.push(...undocumented(schema, scope).map((path) => `${page}: ${name} ${path}`));
    }
    expect(missing, 'settings not named in their section').to.deep.equal([]);
  });
});
