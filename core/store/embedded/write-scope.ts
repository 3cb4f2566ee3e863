/**
 * One write of the embedded store, all-or-nothing. Changes apply to the in-memory database at
 * once (checked against unique indexes) and are logged twice: an undo log, so a failure part-way
 * restores every touched document, and the ops of the single journal record written on commit.
 * Nothing awaits between the first change and commit or rollback, so no other operation can
 * observe a half-applied write.
 */
import type { Doc, IndexSpec } from '../types.js';
import { StoreError } from '../types.js';
import { indexName } from '../index-name.js';
import type { CollectionState, StoredDoc } from './collection-state.js';
import type { Database } from './database.js';
import { decodeJson, encodeJson } from './extended-json.js';

type Undo =
  | { coll: CollectionState; id: string; prev: StoredDoc | undefined }
  | { coll: CollectionState; index: string };

function duplicate(coll: CollectionState, fields: string[], detail: string): StoreError {
  return new StoreError('duplicate_key', `duplicate key in ${coll.name} on (${fields.join(', ')}): ${detail}`, fields);
}

/** Serialises a document for the journal and returns it with its stored (normalised) copy. */
function normalise(doc: Doc): { json: string; stored: StoredDoc } {
  if (typeof doc._id !== 'string' || doc._id === '') {
    throw new StoreError('validation_failed', '_id must be a non-empty string');
  }
  const dollar = Object.keys(doc).find((key) => key.startsWith('$'));
  if (dollar) throw new StoreError('validation_failed', `field names must not start with '$' (${dollar})`);
  let json: string;
  try {
    json = encodeJson(doc);
  } catch (error) {
    throw new StoreError('validation_failed', `document cannot be stored: ${(error as Error).message}`);
  }
  // Storing the parsed copy means what is read now is exactly what is read after a restart.
  return { json, stored: decodeJson<StoredDoc>(json) };
}

/** An open write against the database; finish with the owner's commit, or {@link rollback}. */
export class WriteScope {
  private readonly undo: Undo[] = [];
  private readonly ops: string[] = [];

  constructor(
    private readonly db: Database,
    /** The clock reading this write uses for TTL decisions (epoch ms). */
    readonly now: number,
  ) {}

  /** The named collection (created empty if new). */
  coll(name: string): CollectionState {
    return this.db.collection(name);
  }

  /** Whether anything changed (an empty write needs no journal record). */
  get changed(): boolean {
    return this.ops.length > 0;
  }

  /** Inserts a new document; an existing live `_id` or unique key is a `duplicate_key`. */
  insert(name: string, doc: Doc): StoredDoc {
    const coll = this.coll(name);
    const { json, stored } = normalise(doc);
    const existing = coll.docs.get(stored._id);
    if (existing) {
      if (!coll.isExpired(existing, this.now)) throw duplicate(coll, ['_id'], stored._id);
      this.remove(name, stored._id);
    }
    return this.write(coll, stored, json);
  }

  /** Stores a new version of an existing document. */
  put(name: string, doc: Doc): StoredDoc {
    const { json, stored } = normalise(doc);
    return this.write(this.coll(name), stored, json);
  }

  private write(coll: CollectionState, stored: StoredDoc, json: string): StoredDoc {
    for (let conflict = coll.conflictOf(stored); conflict; conflict = coll.conflictOf(stored)) {
      const owner = coll.docs.get(conflict.ownerId)!;
      // An expired document that the sweep has not removed yet no longer holds its keys.
      if (!coll.isExpired(owner, this.now)) {
        throw duplicate(coll, conflict.index.fields, `already held by document ${conflict.ownerId}`);
      }
      this.remove(coll.name, conflict.ownerId);
    }
    this.undo.push({ coll, id: stored._id, prev: coll.docs.get(stored._id) });
    coll.setRaw(stored._id, stored);
    this.ops.push(`{"c":${JSON.stringify(coll.name)},"put":${json}}`);
    return stored;
  }

  /** Removes a document. */
  remove(name: string, id: string): void {
    const coll = this.coll(name);
    const prev = coll.docs.get(id);
    if (!prev) return;
    this.undo.push({ coll, id, prev });
    coll.setRaw(id, undefined);
    this.ops.push(`{"c":${JSON.stringify(name)},"del":${JSON.stringify(id)}}`);
  }

  /** Adds an index (a unique one is refused if live documents already conflict). */
  addIndex(name: string, spec: IndexSpec): void {
    const coll = this.coll(name);
    if (!coll.addIndex(spec, this.now, true)) return;
    const stored = { ...spec, name: indexName(spec) };
    this.undo.push({ coll, index: stored.name });
    this.ops.push(`{"c":${JSON.stringify(name)},"index":${JSON.stringify(stored)}}`);
  }

  /** Restores everything this scope changed, newest first. */
  rollback(): void {
    for (const entry of this.undo.reverse()) {
      if ('index' in entry) entry.coll.removeIndex(entry.index);
      else entry.coll.setRaw(entry.id, entry.prev);
    }
    this.undo.length = 0;
    this.ops.length = 0;
  }

  /** The journal line recording this write under sequence number `seq`. */
  journalLine(seq: number): string {
    return `{"seq":${seq},"ops":[${this.ops.join(',')}]}`;
  }
}
