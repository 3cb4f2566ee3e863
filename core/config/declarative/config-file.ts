/**
 * The declarative configuration file: its shape, how it is read (YAML or JSON) and how it is
 * written (YAML with a fixed key order and records sorted by their name, so a file under version
 * control changes only where the configuration does). Records refer to each other by slug or
 * name, never by generated ids. The format is documented in docs/declarative-config.md.
 */
import { parse, stringify } from 'yaml';
import { CliUsageError } from '../../cli/commands.js';

/** One record of a section, in file form (API fields, references by name). */
export type FileRecord = Record<string, unknown>;

/** A gateway and the records it owns. */
export interface GatewaySection extends FileRecord {
  slug: string;
  vault_credentials?: FileRecord[];
  registries?: FileRecord[];
  policies?: FileRecord[];
  auths?: FileRecord[];
  roles?: FileRecord[];
  consumers?: FileRecord[];
  /** The gateway's OAuth authorization server (one per gateway). */
  oauth?: FileRecord;
  /** The gateway's Store: installable servers and the access rules. */
  store?: StoreSection;
}

/** A gateway's Store in the file: its servers (by `code`) and its access rules (one document). */
export interface StoreSection {
  servers?: FileRecord[];
  access?: FileRecord;
}

/** The whole file. */
export interface DeclarativeConfig {
  version: 1;
  gateways?: GatewaySection[];
  guardrail?: { collectors?: FileRecord[]; policies?: FileRecord[] };
}

/** A gateway's own fields, in file order. */
export const GATEWAY_FIELDS = ['slug', 'name', 'tenant_id', 'entitlements'] as const;
/** A gateway's record sections, in the order apply creates them. */
export const GATEWAY_SECTIONS = ['vault_credentials', 'registries', 'policies', 'auths', 'roles', 'consumers'] as const;
/** A gateway's keys that hold one mapping each (after the record sections, in file order). */
export const GATEWAY_MAPPINGS = ['oauth', 'store'] as const;

const TOP_LEVEL = new Set(['version', 'gateways', 'guardrail']);
const GUARDRAIL_SECTIONS = new Set(['collectors', 'policies']);
const STORE_KEYS = new Set(['servers', 'access']);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function expectMapping(value: unknown, path: string): void {
  if (value !== undefined && !isObject(value)) throw new CliUsageError(`${path} must be a mapping`);
}

function expectRecords(value: unknown, path: string): FileRecord[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new CliUsageError(`${path} must be a list`);
  value.forEach((item, i) => {
    if (!isObject(item)) throw new CliUsageError(`${path}/${i} must be a mapping`);
  });
  return value as FileRecord[];
}

/**
 * Reads a configuration file's text (YAML, of which JSON is a subset) and checks its outline:
 * known top-level keys and sections, lists of mappings. The records themselves are checked by the
 * admin API's schemas when the plan is built.
 */
export function parseConfigFile(text: string, source: string): DeclarativeConfig {
  let doc: unknown;
  try {
    doc = parse(text, { prettyErrors: false, uniqueKeys: true });
  } catch (err) {
    throw new CliUsageError(`${source} is not valid YAML or JSON: ${(err as Error).message.split('\n')[0]}`);
  }
  if (!isObject(doc)) throw new CliUsageError(`${source} must hold a mapping with version, gateways and guardrail`);
  for (const key of Object.keys(doc)) if (!TOP_LEVEL.has(key)) throw new CliUsageError(`/${key} is not allowed (known: version, gateways, guardrail)`);
  if (doc.version !== 1) throw new CliUsageError('/version must be 1');
  const gateways = expectRecords(doc.gateways, '/gateways');
  gateways.forEach((gateway, i) => {
    for (const key of Object.keys(gateway)) {
      const known = [...GATEWAY_FIELDS, ...GATEWAY_SECTIONS, ...GATEWAY_MAPPINGS] as readonly string[];
      if (!known.includes(key)) throw new CliUsageError(`/gateways/${i}/${key} is not allowed`);
    }
    if (typeof gateway.slug !== 'string') throw new CliUsageError(`/gateways/${i}/slug is required`);
    for (const section of GATEWAY_SECTIONS) expectRecords(gateway[section], `/gateways/${i}/${section}`);
    expectMapping(gateway.oauth, `/gateways/${i}/oauth`);
    expectMapping(gateway.store, `/gateways/${i}/store`);
    if (isObject(gateway.store)) {
      for (const key of Object.keys(gateway.store)) if (!STORE_KEYS.has(key)) throw new CliUsageError(`/gateways/${i}/store/${key} is not allowed (known: servers, access)`);
      expectRecords(gateway.store.servers, `/gateways/${i}/store/servers`);
      expectMapping(gateway.store.access, `/gateways/${i}/store/access`);
    }
  });
  if (doc.guardrail !== undefined) {
    if (!isObject(doc.guardrail)) throw new CliUsageError('/guardrail must be a mapping');
    for (const key of Object.keys(doc.guardrail)) if (!GUARDRAIL_SECTIONS.has(key)) throw new CliUsageError(`/guardrail/${key} is not allowed`);
    expectRecords(doc.guardrail.collectors, '/guardrail/collectors');
    expectRecords(doc.guardrail.policies, '/guardrail/policies');
  }
  return doc as unknown as DeclarativeConfig;
}

const HEADER = [
  'Portcullis declarative configuration (docs/declarative-config.md).',
  'Secrets are references ({env: NAME} or {file: PATH}); export never writes a secret value, only',
  'a reference named after its record: set those variables before applying this file elsewhere.',
];

/** Writes a configuration as YAML text (the caller has already ordered keys and records). */
export function stringifyConfigFile(config: DeclarativeConfig): string {
  return `${HEADER.map((line) => `# ${line}`).join('\n')}\n${stringify(config, { lineWidth: 0, aliasDuplicateObjects: false })}`;
}
