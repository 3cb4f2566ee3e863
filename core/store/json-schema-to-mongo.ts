/**
 * Derives a MongoDB `$jsonSchema` validator from a record's JSON Schema (2020-12).
 *
 * MongoDB accepts a draft-4 subset: no `$ref`, `$id`, `$schema`, `default`, `format`,
 * `definitions`, no `integer` type (it wants `bsonType`), boolean `exclusiveMinimum`, and it
 * rejects unknown keywords. So: types become `bsonType`s, `$ref`s are inlined, `const`,
 * `prefixItems`, `dependent*` and `if/then/else` are rewritten into draft-4 terms, and keywords
 * with no draft-4 form are dropped. Dropping only ever loosens the validator; records are
 * validated exactly by ajv at the admin API anyway.
 */
import { ajv, loadProjectSchemas } from '../schema/ajv.js';

type Json = Record<string, unknown>;

/** Options of {@link jsonSchemaToMongo}. */
export interface JsonSchemaToMongoOptions {
  /**
   * Returns the schema document with this absolute URI (no fragment), for `$ref`s that leave the
   * record schema. Default: the project's schemas, as registered by `$id` with the shared ajv.
   */
  resolveRef?: (uri: string) => object | undefined;
}

const BSON_TYPES: Record<string, string[]> = {
  string: ['string'],
  integer: ['int', 'long'],
  number: ['number'],
  boolean: ['bool'],
  object: ['object'],
  array: ['array'],
  null: ['null'],
};

/** Draft-4 keywords MongoDB takes as they are. */
const KEPT = [
  'title',
  'description',
  'enum',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
];

interface Context {
  /** The schema document `#` refers to. */
  root: Json;
  /** Its base URI, for relative refs. */
  base: string | undefined;
  /** Refs being inlined on the current path: a repeat is recursion, left unconstrained. */
  expanding: string[];
  resolveRef: (uri: string) => object | undefined;
}

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function projectSchema(uri: string): object | undefined {
  loadProjectSchemas();
  return ajv.schemas[uri]?.schema as object | undefined;
}

/**
 * The `$jsonSchema` document for `schema`. Because MongoDB stores `_id` in every document, a
 * top-level `additionalProperties: false` gets an `_id` property added.
 */
export function jsonSchemaToMongo(schema: object, options: JsonSchemaToMongoOptions = {}): Json {
  const root = schema as Json;
  const out = translate(root, {
    root,
    base: typeof root.$id === 'string' ? root.$id : undefined,
    expanding: [],
    resolveRef: options.resolveRef ?? projectSchema,
  });
  allowId(out);
  return out;
}

function allowId(schema: Json): void {
  if (schema.additionalProperties === false) {
    const properties = (isObject(schema.properties) ? schema.properties : {}) as Json;
    if (!('_id' in properties)) schema.properties = { _id: { bsonType: 'string' }, ...properties };
  }
  // Every branch of a combinator sees the whole document, _id included.
  for (const keyword of ['allOf', 'anyOf', 'oneOf']) {
    const list = schema[keyword];
    if (Array.isArray(list)) for (const branch of list) if (isObject(branch)) allowId(branch);
  }
}

function translate(schema: unknown, ctx: Context): Json {
  if (schema === true || schema === undefined) return {};
  if (schema === false) return { not: {} };
  if (!isObject(schema)) return {};
  if (typeof schema.$id === 'string' && schema !== ctx.root) {
    ctx = { ...ctx, root: schema, base: absoluteUri(schema.$id, ctx.base) };
  }

  const out: Json = {};
  // Constraints with no single draft-4 keyword are and-ed in through allOf.
  const also: Json[] = [];

  for (const keyword of KEPT) {
    if (schema[keyword] === undefined) continue;
    if (keyword === 'enum' && Array.isArray(schema.enum) && schema.enum.length === 0) {
      also.push({ not: {} });
      continue;
    }
    out[keyword] = structuredClone(schema[keyword]);
  }

  const bsonType = bsonTypesOf(schema);
  if (bsonType) out.bsonType = bsonType;

  if ('const' in schema) {
    if (out.enum) also.push({ enum: [structuredClone(schema.const)] });
    else out.enum = [structuredClone(schema.const)];
  }
  if (Array.isArray(schema.required) && schema.required.length > 0) out.required = [...schema.required];

  bound(schema, out, 'minimum', 'exclusiveMinimum', (a, b) => a >= b);
  bound(schema, out, 'maximum', 'exclusiveMaximum', (a, b) => a <= b);

  for (const keyword of ['properties', 'patternProperties']) {
    if (!isObject(schema[keyword])) continue;
    out[keyword] = Object.fromEntries(
      Object.entries(schema[keyword] as Json).map(([name, sub]) => [name, translate(sub, ctx)]),
    );
  }
  if (typeof schema.additionalProperties === 'boolean') out.additionalProperties = schema.additionalProperties;
  else if (isObject(schema.additionalProperties)) out.additionalProperties = translate(schema.additionalProperties, ctx);

  translateItems(schema, out, ctx);
  translateDependencies(schema, out, ctx);

  for (const keyword of ['allOf', 'anyOf', 'oneOf']) {
    const list = schema[keyword];
    if (Array.isArray(list) && list.length > 0) out[keyword] = list.map((sub) => translate(sub, ctx));
  }
  if ('not' in schema) out.not = translate(schema.not, ctx);

  if ('if' in schema) {
    // (if and then) or (not if and else)
    const condition = translate(schema.if, ctx);
    also.push({
      anyOf: [
        { allOf: [condition, translate(schema.then, ctx)] },
        { allOf: [{ not: condition }, translate(schema.else, ctx)] },
      ],
    });
  }

  if (typeof schema.$ref === 'string') {
    const target = inlineRef(schema.$ref, ctx);
    // Only annotations beside the $ref (the usual `description`): merge rather than nest.
    if (also.length === 0 && Object.keys(out).every((key) => key === 'title' || key === 'description')) {
      return { ...target, ...out };
    }
    also.push(target);
  }

  if (also.length > 0) out.allOf = [...((out.allOf as Json[] | undefined) ?? []), ...also];
  return out;
}

function bsonTypesOf(schema: Json): string | string[] | undefined {
  if (schema.type === undefined) return undefined;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const bson = new Set<string>();
  for (const type of types) {
    for (const name of BSON_TYPES[String(type)] ?? []) bson.add(name);
  }
  // A record may hold a real Date where its API form is an ISO string (TTL fields need Dates).
  if (bson.has('string') && (schema.format === 'date-time' || schema.format === 'date')) bson.add('date');
  const list = [...bson];
  return list.length === 1 ? list[0] : list;
}

/** 2020-12 numeric `exclusiveMinimum` becomes draft-4 `minimum` + `exclusiveMinimum: true`. */
function bound(
  schema: Json,
  out: Json,
  inclusive: 'minimum' | 'maximum',
  exclusive: 'exclusiveMinimum' | 'exclusiveMaximum',
  tighter: (exclusiveBound: number, inclusiveBound: number) => boolean,
): void {
  const value = schema[exclusive];
  if (typeof value === 'boolean') {
    out[exclusive] = value;
    return;
  }
  if (typeof value !== 'number') return;
  const current = schema[inclusive];
  if (typeof current !== 'number' || tighter(value, current)) {
    out[inclusive] = value;
    out[exclusive] = true;
  }
}

function translateItems(schema: Json, out: Json, ctx: Context): void {
  if (Array.isArray(schema.prefixItems)) {
    out.items = schema.prefixItems.map((sub) => translate(sub, ctx));
    if (schema.items === false) out.additionalItems = false;
    else if (schema.items !== undefined) out.additionalItems = translate(schema.items, ctx);
    return;
  }
  if (Array.isArray(schema.items)) {
    out.items = schema.items.map((sub) => translate(sub, ctx));
    if (typeof schema.additionalItems === 'boolean') out.additionalItems = schema.additionalItems;
    else if (schema.additionalItems !== undefined) out.additionalItems = translate(schema.additionalItems, ctx);
    return;
  }
  if (schema.items === false) out.maxItems = 0;
  else if (schema.items !== undefined) out.items = translate(schema.items, ctx);
}

function translateDependencies(schema: Json, out: Json, ctx: Context): void {
  const dependencies: Json = {};
  const addAll = (source: unknown): void => {
    if (!isObject(source)) return;
    for (const [name, dependency] of Object.entries(source)) {
      if (Array.isArray(dependency)) {
        if (dependency.length > 0) dependencies[name] = [...dependency];
      } else {
        dependencies[name] = translate(dependency, ctx);
      }
    }
  };
  addAll(schema.dependencies);
  addAll(schema.dependentRequired);
  addAll(schema.dependentSchemas);
  if (Object.keys(dependencies).length > 0) out.dependencies = dependencies;
}

function absoluteUri(ref: string, base: string | undefined): string {
  try {
    return new URL(ref).href;
  } catch {
    if (base === undefined) return ref;
    try {
      return new URL(ref, base).href;
    } catch {
      return ref;
    }
  }
}

function inlineRef(ref: string, ctx: Context): Json {
  let root = ctx.root;
  let base = ctx.base;
  let fragment = ref;
  if (!ref.startsWith('#')) {
    const absolute = absoluteUri(ref, ctx.base);
    const hash = absolute.indexOf('#');
    const uri = hash === -1 ? absolute : absolute.slice(0, hash);
    fragment = hash === -1 ? '#' : absolute.slice(hash);
    const document = ctx.resolveRef(uri);
    if (!isObject(document)) throw new Error(`cannot resolve $ref ${ref}: no schema ${uri}`);
    root = document;
    base = uri;
  }
  const key = `${base ?? ''}${fragment}`;
  // A recursive schema (a tree of nodes) cannot be inlined; below the first level it is unconstrained.
  if (ctx.expanding.includes(key)) return {};
  const target = resolvePointer(root, fragment, ref);
  return translate(target, { ...ctx, root, base, expanding: [...ctx.expanding, key] });
}

function resolvePointer(root: Json, fragment: string, ref: string): unknown {
  if (fragment === '#' || fragment === '') return root;
  if (!fragment.startsWith('#/')) throw new Error(`cannot resolve $ref ${ref}: only JSON-pointer fragments are supported`);
  let node: unknown = root;
  for (const raw of fragment.slice(2).split('/')) {
    const token = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObject(node) && !Array.isArray(node)) throw new Error(`cannot resolve $ref ${ref}`);
    node = (node as Json)[token];
    if (node === undefined) throw new Error(`cannot resolve $ref ${ref}`);
  }
  return node;
}
