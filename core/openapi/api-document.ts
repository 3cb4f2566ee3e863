/**
 * Builds an OpenAPI 3.1 document from a list of operations as data and the JSON Schemas under
 * schemas/ (embedded as self-contained components, core/openapi/schema-components.ts). The admin
 * API and the guardrail API each describe themselves with it.
 */
import { schemaComponents } from './schema-components.js';

type Json = Record<string, unknown>;

/** A response body: a record, a page of records, an API schema, a choice, or nothing (204). */
export type ResponseBody =
  | { record: string }
  | { page: string }
  | { api: string }
  | { oneOf: ResponseBody[] }
  | { json: true }
  | { eventStream: true }
  | null;

/** A documented query parameter. */
export interface QueryParameter {
  name: string;
  description: string;
  schema: Record<string, unknown>;
}

/** One operation as data. */
export interface ApiOperation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI path template (`/v1/gateways/{gateway_id}`). */
  path: string;
  summary: string;
  tag: string;
  /** Served without a credential. */
  public?: boolean;
  /** The security scheme required instead of the document's default one. */
  security?: string;
  /** Request body schema under the API's schema folder (its file name without `.schema.json`). */
  request?: string;
  /** The body may be omitted. */
  requestOptional?: boolean;
  /** The body may also be a urlencoded form. */
  form?: boolean;
  query?: QueryParameter[];
  /** Success responses by status. */
  responses: Record<string, ResponseBody>;
  /** Error statuses beyond the common ones (401 for authenticated operations, 404 with a path parameter, 400/422 with a body). */
  errors?: string[];
}

/** What distinguishes one API's document. */
export interface ApiDocumentSpec {
  title: string;
  description: string;
  /** The API's schema folder under schemas/ (`api/admin`); its `error` schema is the error body. */
  apiDir: string;
  /** Further schema folders and single schema files to embed (records, common definitions). */
  componentDirs: readonly string[];
  componentFiles?: readonly string[];
  securitySchemes: Record<string, Json>;
  /** The scheme every operation needs unless it is public or names its own. */
  defaultSecurity: string;
  errorText: Record<string, string>;
  operations: readonly ApiOperation[];
}

const ID_BASE = 'https://portcullis.dev/schemas/';

/** Builds the OpenAPI 3.1 document of `spec`. */
export function buildApiDocument(spec: ApiDocumentSpec): Json {
  const { schemas, nameOf } = schemaComponents([spec.apiDir, ...spec.componentDirs], spec.componentFiles);
  const ref = (key: string): Json => {
    const name = nameOf.get(key);
    if (!name) throw new Error(`no schema ${key}.schema.json`);
    return { $ref: `#/components/schemas/${name}` };
  };
  const pageField = (field: string): Json => ({ $ref: `#/components/schemas/${nameOf.get('common/page')}/properties/${field}` });
  const recordOrApi = (name: string) => (name.startsWith('api:') ? ref(`${spec.apiDir}/${name.slice(4)}`) : ref(`records/${name}`));
  const bodySchema = (body: Exclude<ResponseBody, null>): Json => {
    if ('record' in body) return ref(`records/${body.record}`);
    if ('api' in body) return ref(`${spec.apiDir}/${body.api}`);
    if ('json' in body) return { type: 'object', description: 'A JSON document.' };
    if ('eventStream' in body) return { type: 'string', description: 'Server-sent events.' };
    if ('oneOf' in body) return { oneOf: body.oneOf.map((b) => bodySchema(b!)) };
    return {
      type: 'object',
      additionalProperties: false,
      required: ['items', 'page', 'size', 'total'],
      properties: {
        items: { type: 'array', items: recordOrApi(body.page), description: 'The records of this page.' },
        page: pageField('page'),
        size: pageField('size'),
        total: pageField('total'),
      },
    };
  };
  const errorBody = ref(`${spec.apiDir}/error`);
  const errorResponse = (status: string): Json => ({
    description: spec.errorText[status] ?? 'Error.',
    content: { 'application/json': { schema: errorBody } },
  });

  const paths: Record<string, Json> = {};
  for (const op of spec.operations) {
    const parameters: Json[] = [...op.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
      name, in: 'path', required: true, schema: { type: 'string' }, description: `Id of the ${name.replace(/_id$/, '').replace(/_/g, ' ')}.`,
    }));
    for (const q of op.query ?? []) parameters.push({ name: q.name, in: 'query', required: false, schema: q.schema, description: q.description });
    const responses: Json = {};
    for (const [status, body] of Object.entries(op.responses)) {
      const media = body && 'eventStream' in body ? 'text/event-stream' : 'application/json';
      responses[status] = body === null
        ? { description: 'Done; no content.' }
        : { description: 'Success.', content: { [media]: { schema: bodySchema(body) } } };
    }
    const errors = new Set(op.errors ?? []);
    if (!op.public) errors.add('401');
    if (op.path.includes('{')) errors.add('404');
    if (op.request) ['400', '422'].forEach((s) => errors.add(s));
    if (op.query?.length) errors.add('422');
    for (const status of [...errors].sort()) responses[status] = errorResponse(status);
    responses.default = { description: 'Any other error.', content: { 'application/json': { schema: errorBody } } };

    const operation: Json = {
      operationId: `${op.method}${op.path.replace(/\{(\w+)\}/g, 'By_$1').replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
      summary: op.summary,
      tags: [op.tag],
      responses,
    };
    if (parameters.length) operation.parameters = parameters;
    if (op.public) operation.security = [];
    else if (op.security) operation.security = [{ [op.security]: [] }];
    if (op.request) {
      const content: Json = { 'application/json': { schema: ref(`${spec.apiDir}/${op.request}`) } };
      if (op.form) content['application/x-www-form-urlencoded'] = { schema: ref(`${spec.apiDir}/${op.request}`) };
      operation.requestBody = { required: !op.requestOptional, content };
    }
    paths[op.path] = { ...(paths[op.path] ?? {}), [op.method]: operation };
  }

  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: { title: spec.title, version: '1.0', description: spec.description },
    servers: [{ url: '/' }],
    security: [{ [spec.defaultSecurity]: [] }],
    tags: [...new Set(spec.operations.map((op) => op.tag))].map((name) => ({ name })),
    paths,
    components: { securitySchemes: spec.securitySchemes, schemas },
  };
}

export { ID_BASE };
