/**
 * The plan of an apply: every create, update and delete that brings a running Portcullis to what
 * the file says, checked in full before the first write. Each record's API body passes the admin
 * or guardrail API's own schema (a bad field is named by its path in the file), every reference
 * names a record of the file or the gateway, and every secret the plan sends is readable.
 *
 * Records the file names are created or updated; a field the file leaves out keeps its stored
 * value. Records the file does not name are left alone, or deleted with `prune` (within the
 * gateways the file names, and the guardrail records; gateways themselves are never deleted).
 * A gateway's singletons (OAuth, Store access) the file leaves out are left alone.
 */
import { CliUsageError } from '../../cli/commands.js';
import { describeErrors, validatorFor } from '../../schema/ajv.js';
import type { ApiRecord, ConfigApiClient } from './api-client.js';
import { GATEWAY_FIELDS, type DeclarativeConfig, type FileRecord, type GatewaySection } from './config-file.js';
import { SINGLETON_KINDS, singletonInFile, type SingletonKind } from './gateway-singletons.js';
import { bookOf, ReferenceBook, type LiveGateway, type LiveState } from './live-state.js';
import { filePointer, GATEWAY_KINDS, GUARDRAIL_KINDS, recordPathKey, secretStandIn, STORE_KINDS, toApiBody, toFileRecord, type RecordKind, type SecretValue } from './record-kinds.js';
import { expectSecretReference, isSecretReference, resolveSecret } from './secret-reference.js';
import { checkStoreServer, type RegistryFacts } from './store-server-check.js';

/** One step of the plan, with the line the diff prints. */
export interface Change {
  action: 'create' | 'update' | 'delete';
  /** `registry acme/openai-main`. */
  subject: string;
  /** The fields an update changes. */
  fields?: string[];
  run(): Promise<void>;
}

/** What a plan needs beyond the file and the live state. */
export interface PlanOptions {
  prune: boolean;
  /** Where secret references of kind `env` are read. */
  env: NodeJS.ProcessEnv;
  /** Hands over the `ag_` key of an `api_key` auth the plan creates (the API shows it only once). */
  announceKey(subject: string, key: string): void;
}

const GATEWAY_CREATE = 'https://portcullis.dev/schemas/api/admin/gateway-create.schema.json';
const GATEWAY_UPDATE = 'https://portcullis.dev/schemas/api/admin/gateway-update.schema.json';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Whether the stored value already says everything the file's value says (fields it omits are
 * not compared; a secret reference matches any stored secret). Walks with its own stack, so a
 * deeply nested file cannot exhaust the call stack.
 */
export function covers(current: unknown, desired: unknown): boolean {
  const pending: Array<[unknown, unknown]> = [[current, desired]];
  while (pending.length) {
    const [have, want] = pending.pop()!;
    if (isSecretReference(want)) {
      if (have === undefined) return false;
    } else if (Array.isArray(want)) {
      if (!Array.isArray(have) || have.length !== want.length) return false;
      want.forEach((item, i) => pending.push([have[i], item]));
    } else if (isObject(want)) {
      if (!isObject(have)) return false;
      for (const [key, value] of Object.entries(want)) pending.push([have[key], value]);
    } else if (have !== want) {
      return false;
    }
  }
  return true;
}

/** Refuses a body that breaks its API schema, naming the bad field by its path in the file. */
function validate(schemaId: string, body: Record<string, unknown>, path: string): void {
  const check = validatorFor(schemaId);
  if (!check(structuredClone(body))) throw new CliUsageError(filePointer(describeErrors(check.errors, path)));
}

function propertiesOf(schemaId: string): Set<string> {
  return new Set(Object.keys((validatorFor(schemaId).schema as { properties?: object }).properties ?? {}));
}

function pick(record: Record<string, unknown>, fields: Iterable<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) if (record[field] !== undefined) out[field] = record[field];
  return out;
}

function omit(record: Record<string, unknown>, fields: readonly string[] = []): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([k]) => !fields.includes(k)));
}

function expectUniqueKeys(kind: RecordKind, records: readonly FileRecord[], path: string): void {
  const seen = new Set<string>();
  records.forEach((record, i) => {
    const key = record[kind.key];
    if (typeof key !== 'string' || !key) throw new CliUsageError(`${path}/${i}/${kind.key} is required`);
    if (seen.has(key)) throw new CliUsageError(`${path}/${i}/${kind.key}: ${JSON.stringify(key)} appears twice`);
    seen.add(key);
  });
}

/** The scope a kind's records live in: a gateway (id known once it exists) or the guardrail service. */
interface Scope {
  /** `acme/` or `` (guardrail). */
  prefix: string;
  collectionPath(kind: RecordKind): string;
  book: ReferenceBook;
}

class Planner {
  readonly changes: Change[] = [];
  private readonly deletions: Change[] = [];
  private readonly secret: SecretValue;

  constructor(private readonly client: ConfigApiClient, private readonly options: PlanOptions) {
    this.secret = (reference, path) => resolveSecret(expectSecretReference(reference, path), path, options.env);
  }

  plan(config: DeclarativeConfig, live: LiveState): Change[] {
    (config.gateways ?? []).forEach((gateway, i) => {
      if ((config.gateways ?? []).findIndex((g) => g.slug === gateway.slug) !== i) throw new CliUsageError(`/gateways/${i}/slug: ${JSON.stringify(gateway.slug)} appears twice`);
      this.planGateway(gateway, live.gateways.find((g) => g.record.slug === gateway.slug), `/gateways/${i}`);
    });
    if (config.guardrail) {
      // The guardrail records of tenants the file does not mention are out of its reach: not
      // matched by name, not referred to, never pruned. (A record without tenant_id belongs to
      // the token's tenant, whose listing holds nothing else.)
      const tenants = new Set<unknown>([
        ...(config.gateways ?? []).map((g) => g.tenant_id ?? live.gateways.find((l) => l.record.slug === g.slug)?.record.tenant_id),
        ...Object.values(config.guardrail).flatMap((records) => (records ?? []).map((r) => r.tenant_id)),
      ]);
      const inScope = (record: ApiRecord) => tenants.has(undefined) || tenants.has(record.tenant_id);
      const sections = new Map([...live.guardrail].map(([section, records]) => [section, records.filter(inScope)]));
      const scope: Scope = { prefix: '', collectionPath: (kind) => `/v1/${kind.collection}`, book: bookOf(GUARDRAIL_KINDS, sections) };
      this.planKinds(GUARDRAIL_KINDS, scope, config.guardrail as Record<string, FileRecord[] | undefined>, sections, '/guardrail');
    }
    return [...this.changes, ...this.deletions.reverse()];
  }

  private planGateway(gateway: GatewaySection, live: LiveGateway | undefined, path: string): void {
    const fields = pick(gateway, GATEWAY_FIELDS);
    let gatewayId = live?.record.id;
    const subject = `gateway ${gateway.slug}`;
    if (!live) {
      validate(GATEWAY_CREATE, fields, path);
      this.changes.push({
        action: 'create', subject,
        run: async () => {
          gatewayId = (await this.client.admin('POST', '/v1/gateways', fields)).id;
        },
      });
    } else {
      const changed = Object.keys(fields).filter((f) => !covers(live.record[f], fields[f]));
      this.planUpdate(subject, changed, propertiesOf(GATEWAY_UPDATE), path, () => this.client.admin('PATCH', `/v1/gateways/${gatewayId}`, pick(fields, changed)), GATEWAY_UPDATE, fields);
    }
    const sections = live?.sections ?? new Map<string, ApiRecord[]>();
    const scope: Scope = { prefix: `${gateway.slug}/`, collectionPath: (kind) => `/v1/gateways/${gatewayId}/${kind.collection}`, book: bookOf(GATEWAY_KINDS, sections) };
    this.planKinds(GATEWAY_KINDS, scope, gateway as unknown as Record<string, FileRecord[] | undefined>, sections, path);
    // Store servers name registries: the same book, so a registry the file adds can be an instance.
    this.planKinds(STORE_KINDS, scope, (gateway.store ?? {}) as Record<string, FileRecord[] | undefined>, sections, `${path}/store`);
    this.checkStoreServers(gateway, sections, scope.book, `${path}/store/servers`);
    // The path is read when the change runs: a gateway this apply creates has no id before.
    for (const kind of SINGLETON_KINDS) this.planSingleton(kind, gateway, live, () => `/v1/gateways/${gatewayId}/${kind.apiPath}`, path);
  }

  /** Refuses a Store server the admin API would refuse once some of the plan is written. */
  private checkStoreServers(gateway: GatewaySection, sections: Map<string, ApiRecord[]>, book: ReferenceBook, path: string): void {
    const liveRegistries = sections.get('registries') ?? [];
    const fileRegistries = gateway.registries ?? [];
    const oauthOf = (record: Record<string, unknown> | undefined) => (isObject(record?.auth) ? record.auth.oauth : undefined);
    const registryOf = (slug: string): RegistryFacts | undefined => {
      const stored = liveRegistries.find((r) => r.slug === slug);
      const filed = fileRegistries.find((r) => r.slug === slug);
      if (!stored && !filed) return undefined;
      // A field the file leaves out keeps its stored value, so does a stored auth.oauth (export never writes it).
      return { type: filed?.type ?? stored?.type, signsUsersIn: (oauthOf(filed) ?? oauthOf(stored)) !== undefined };
    };
    const kind = STORE_KINDS.find((k) => k.section === 'servers')!;
    const storedServers = sections.get(kind.section) ?? [];
    (gateway.store?.servers ?? []).forEach((server, i) => {
      const stored = storedServers.find((s) => s[kind.key] === server[kind.key]);
      const merged = { ...(stored ? toFileRecord(kind, stored, book, [gateway.slug]) : {}), ...server };
      checkStoreServer(merged, registryOf, `${path}/${i}`);
    });
  }

  /**
   * A gateway's singleton: PUT when the file's fields differ from the stored ones. PUT replaces
   * the whole document, so its body is the stored fields with the file's laid over them (a field
   * the file leaves out keeps its value); the secret is sent on creation, or with a changed
   * field it belongs to, and otherwise left out (the API keeps the stored one).
   */
  private planSingleton(kind: SingletonKind, gateway: GatewaySection, live: LiveGateway | undefined, apiPath: () => string, gatewayPath: string): void {
    const file = singletonInFile(kind, gateway);
    if (!file) return;
    const path = `${gatewayPath}/${kind.filePath.join('/')}`;
    const storedRecord = live?.singletons.get(kind.label);
    const stored = kind.exists(storedRecord) ? storedRecord : undefined;
    const secretRef = kind.secretField ? file[kind.secretField] : undefined;
    const plain = omit(file, kind.secretField ? [kind.secretField] : []);
    if (kind.secretField && secretRef !== undefined) expectSecretReference(secretRef, `${path}/${kind.secretField}`);
    if (kind.secretField && !stored && secretRef === undefined) throw new CliUsageError(`${path}/${kind.secretField} is required: the ${kind.label} of gateway ${gateway.slug} is created by this apply`);
    const body = { ...pick(storedRecord ?? {}, kind.fields), ...plain };
    validate(kind.putSchema, kind.secretField && secretRef !== undefined ? { ...body, [kind.secretField]: 'secret-reference-stand-in' } : body, path);

    const changed = Object.keys(plain).filter((field) => !covers(storedRecord?.[field], plain[field]));
    if (!changed.length) return;
    const sendSecret = kind.secretField !== undefined && secretRef !== undefined && (!stored || changed.some((f) => kind.secretGoesWith?.includes(f)));
    // Read the secret now: a missing one stops the apply before its first write.
    const secret = sendSecret ? this.secret(secretRef, `${path}/${kind.secretField}`) : undefined;
    this.changes.push({
      action: stored ? 'update' : 'create',
      subject: `${kind.label} ${gateway.slug}`,
      ...(stored ? { fields: changed } : {}),
      run: async () => void (await this.client.admin('PUT', apiPath(), secret === undefined ? body : { ...body, [kind.secretField!]: secret })),
    });
  }

  private planUpdate(subject: string, changed: string[], updatable: Set<string>, path: string, send: () => Promise<unknown>, updateSchema: string, body: Record<string, unknown>): void {
    if (!changed.length) return;
    const fixed = changed.filter((f) => !updatable.has(f));
    if (fixed.length) throw new CliUsageError(`${path}/${fixed[0]}: ${subject} exists and its ${fixed[0]} cannot change (delete the record and apply again)`);
    const patch = pick(body, changed);
    if (Object.keys(patch).length) validate(updateSchema, patch, path);
    this.changes.push({ action: 'update', subject, fields: changed, run: async () => void (await send()) });
  }

  private planKinds(kinds: readonly RecordKind[], scope: Scope, file: Record<string, FileRecord[] | undefined>, sections: Map<string, ApiRecord[]>, path: string): void {
    // Every name the file adds is known before any body is checked, so records may refer forward.
    for (const kind of kinds) {
      const records = file[kind.section] ?? [];
      expectUniqueKeys(kind, records, `${path}/${kind.section}`);
      if (kind.refKind) for (const record of records) scope.book.addPlanned(kind.refKind, record[kind.key] as string);
    }
    for (const kind of kinds) {
      const records = file[kind.section] ?? [];
      const stored = sections.get(kind.section) ?? [];
      // Records are matched by slug or name: two stored records of one name cannot be told apart.
      for (const [i, record] of records.entries()) {
        if (stored.filter((s) => s[kind.key] === record[kind.key]).length > 1) {
          throw new CliUsageError(`${path}/${kind.section}/${i}/${kind.key}: the gateway holds several ${kind.label} records named ${JSON.stringify(record[kind.key])}; rename or delete all but one through the admin API`);
        }
      }
      records.forEach((record, i) => {
        const current = stored.find((s) => s[kind.key] === record[kind.key]);
        this.planRecord(kind, scope, record, current, `${path}/${kind.section}/${i}`);
      });
      if (this.options.prune && file[kind.section] !== undefined) {
        for (const extra of stored.filter((s) => !records.some((r) => r[kind.key] === s[kind.key]))) {
          this.deletions.push({ action: 'delete', subject: `${kind.label} ${scope.prefix}${String(extra[kind.key])}`, run: () => this.send(kind, 'DELETE', `${scope.collectionPath(kind)}/${recordPathKey(kind, extra)}`).then(() => undefined) });
        }
      }
    }
  }

  private send(kind: RecordKind, method: string, path: string, body?: unknown): Promise<ApiRecord> {
    return kind.plane === 'admin' ? this.client.admin(method, path, body) : this.client.guardrail(method, path, body);
  }

  private planRecord(kind: RecordKind, scope: Scope, record: FileRecord, current: ApiRecord | undefined, path: string): void {
    const subject = `${kind.label} ${scope.prefix}${String(record[kind.key])}`;
    const checked = toApiBody(kind, record, scope.book, secretStandIn, path);
    validate(kind.createSchema, omit(checked, kind.updateOnly), path);
    const updateOnly = pick(checked, kind.updateOnly ?? []);
    if (Object.keys(updateOnly).length) validate(kind.updateSchema, updateOnly, path);
    const attachments = Object.entries(kind.attachments ?? {}).filter(([field]) => record[field] !== undefined);
    for (const [field] of attachments) {
      const names = record[field];
      if (!Array.isArray(names)) throw new CliUsageError(`${path}/${field} must be a list of names`);
      names.forEach((name, i) => scope.book.idOf(kind.attachments![field]!.refKind, String(name), `${path}/${field}/${i}`));
    }

    if (!current) {
      // Read every secret now: a missing one stops the apply before its first write.
      toApiBody(kind, record, scope.book, this.secret, path);
      this.changes.push({
        action: 'create', subject,
        run: async () => {
          const body = toApiBody(kind, record, scope.book, this.secret, path);
          const created = await this.send(kind, 'POST', scope.collectionPath(kind), omit(body, kind.updateOnly));
          if (kind.refKind) scope.book.record(kind.refKind, String(record[kind.key]), created.id);
          if (typeof created.key === 'string') this.options.announceKey(subject, created.key);
          const later = pick(body, kind.updateOnly ?? []);
          if (Object.keys(later).length) await this.send(kind, 'PATCH', `${scope.collectionPath(kind)}/${recordPathKey(kind, created)}`, later);
          for (const [field, attachment] of attachments) {
            for (const name of record[field] as string[]) await this.send(kind, 'PUT', `${scope.collectionPath(kind)}/${created.id}/${attachment.segment}/${scope.book.idOf(attachment.refKind, name, path)}`);
          }
        },
      });
      return;
    }

    const stored = toFileRecord(kind, current, scope.book, [scope.prefix.replace(/\/$/, '')]);
    const changed = Object.keys(record).filter((field) => !kind.attachments?.[field] && !covers(stored[field], record[field]));
    if (changed.length) toApiBody(kind, pick(record, changed), scope.book, this.secret, path);
    const updatable = propertiesOf(kind.updateSchema);
    // A gateway policy's global scope is changed by its own endpoint, not the update body.
    if (kind.plane === 'admin' && kind.section === 'policies') updatable.add('global');
    this.planUpdate(
      subject, changed, updatable, path,
      async () => {
        const body = toApiBody(kind, pick(record, changed), scope.book, this.secret, path);
        const { global, ...patch } = body;
        if (Object.keys(patch).length) await this.send(kind, 'PATCH', `${scope.collectionPath(kind)}/${recordPathKey(kind, current)}`, patch);
        // A policy's global scope has its own endpoint.
        if (global !== undefined) await this.send(kind, global ? 'PUT' : 'DELETE', `${scope.collectionPath(kind)}/${current.id}/global`);
      },
      kind.updateSchema, omit(checked, ['global']),
    );

    for (const [field, attachment] of attachments) {
      const want = new Set(record[field] as string[]);
      const have = new Set(stored[field] as string[]);
      const added = [...want].filter((n) => !have.has(n));
      const removed = [...have].filter((n) => !want.has(n));
      if (!added.length && !removed.length) continue;
      this.changes.push({
        action: 'update', subject, fields: [field],
        run: async () => {
          const base = `${scope.collectionPath(kind)}/${current.id}/${attachment.segment}`;
          for (const name of added) await this.send(kind, 'PUT', `${base}/${scope.book.idOf(attachment.refKind, name, path)}`);
          for (const name of removed) {
            const id = (current[attachment.recordField] as string[]).find((stored) => scope.book.nameOf(attachment.refKind, stored) === name) ?? name;
            await this.send(kind, 'DELETE', `${base}/${id}`);
          }
        },
      });
    }
  }
}

/** Builds the plan that brings `live` to `config`; throws a CliUsageError before any write when the file is wrong. */
export function planApply(config: DeclarativeConfig, live: LiveState, client: ConfigApiClient, options: PlanOptions): Change[] {
  return new Planner(client, options).plan(config, live);
}

/** The diff lines of a plan (`+ create`, `~ update (fields)`, `- delete`), or "no changes". */
export function describePlan(changes: readonly Change[]): string[] {
  if (!changes.length) return ['no changes'];
  const sign = { create: '+', update: '~', delete: '-' } as const;
  return changes.map((c) => `${sign[c.action]} ${c.action} ${c.subject}${c.fields ? ` (${c.fields.join(', ')})` : ''}`);
}
