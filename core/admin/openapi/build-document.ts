/**
 * The admin API's OpenAPI 3.1 description (`GET /v1/openapi.json`), built from the operation
 * list and the JSON Schemas under schemas/ (records, admin request and response bodies, common
 * definitions), which are embedded as components with their `$id`, so their `$ref`s resolve.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SCHEMAS_DIR } from '../../paths/project-root.js';
import { ADMIN_OPERATIONS, type AdminOperation, type ResponseBody } from './operations.js';

type Json = Record<string, unknown>;

/** Schema folders embedded as components. */
const COMPONENT_DIRS = ['common', 'records', 'api/admin'];
/** Single schemas the records reference from elsewhere (routing settings of registries and consumers). */
const COMPONENT_FILES = ['plugins/routing'];
const ID_BASE = 'https://portcullis.dev/schemas/';

const ERROR_TEXT: Record<string, string> = {
  400: 'Malformed JSON (`invalid_json`).',
  401: 'Missing or invalid admin token.',
  404: 'Not found, or not visible to this tenant.',
  409: 'Conflict with the stored state.',
  422: 'The body or a parameter breaks a rule (`validation_failed`, naming the field).',
  502: 'The upstream could not be reached.',
};

function loadComponents(): { schemas: Record<string, Json>; nameOf: Map<string, string> } {
  const schemas: Record<string, Json> = {};
  const nameOf = new Map<string, string>();
  const files = [
    ...COMPONENT_DIRS.flatMap((dir) => readdirSync(join(SCHEMAS_DIR, dir)).filter((f) => f.endsWith('.schema.json')).sort().map((f) => `${dir}/${f.replace(/\.schema\.json$/, '')}`)),
    ...COMPONENT_FILES,
  ];
  for (const key of files) {
    const schema = JSON.parse(readFileSync(join(SCHEMAS_DIR, `${key}.schema.json`), 'utf8')) as Json;
    const name = String(schema.title);
    if (schemas[name]) throw new Error(`two admin schemas are titled ${name}`);
    schemas[name] = schema;
    nameOf.set(key, name);
  }
  return { schemas, nameOf };
}

/** Builds the OpenAPI 3.1 document of `operations`. */
export function buildOpenApiDocument(operations: readonly AdminOperation[] = ADMIN_OPERATIONS): Json {
  const { schemas, nameOf } = loadComponents();
  const ref = (key: string): Json => {
    const name = nameOf.get(key);
    if (!name) throw new Error(`no schema ${key}.schema.json`);
    return { $ref: `#/components/schemas/${name}` };
  };
  const recordOrApi = (name: string) => (name.startsWith('api:') ? ref(`api/admin/${name.slice(4)}`) : ref(`records/${name}`));
  const bodySchema = (body: Exclude<ResponseBody, null>): Json => {
    if ('record' in body) return ref(`records/${body.record}`);
    if ('api' in body) return ref(`api/admin/${body.api}`);
    if ('json' in body) return { type: 'object', description: 'A JSON document.' };
    if ('eventStream' in body) return { type: 'string', description: 'Server-sent events.' };
    if ('oneOf' in body) return { oneOf: body.oneOf.map((b) => bodySchema(b!)) };
    return {
      type: 'object',
      additionalProperties: false,
      required: ['items', 'page', 'size', 'total'],
      properties: {
        items: { type: 'array', items: recordOrApi(body.page), description: 'The records of this page.' },
        page: { $ref: `${ID_BASE}common/page.schema.json#/properties/page` },
        size: { $ref: `${ID_BASE}common/page.schema.json#/properties/size` },
        total: { $ref: `${ID_BASE}common/page.schema.json#/properties/total` },
      },
    };
  };
  const errorResponse = (status: string): Json => ({
    description: ERROR_TEXT[status] ?? 'Error.',
    content: { 'application/json': { schema: ref('api/admin/error') } },
  });

  const paths: Record<string, Json> = {};
  for (const op of operations) {
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
    if (!op.public && !op.cluster) errors.add('401');
    if (op.path.includes('{')) errors.add('404');
    if (op.request) ['400', '422'].forEach((s) => errors.add(s));
    if (op.query?.length) errors.add('422');
    for (const status of [...errors].sort()) responses[status] = errorResponse(status);
    responses.default = { description: 'Any other error.', content: { 'application/json': { schema: ref('api/admin/error') } } };

    const operation: Json = {
      operationId: `${op.method}${op.path.replace(/\{(\w+)\}/g, 'By_$1').replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
      summary: op.summary,
      tags: [op.tag],
      responses,
    };
    if (parameters.length) operation.parameters = parameters;
    if (op.public) operation.security = [];
    if (op.cluster) operation.security = [{ ClusterToken: [] }];
    if (op.request) {
      const content: Json = { 'application/json': { schema: ref(`api/admin/${op.request}`) } };
      if (op.form) content['application/x-www-form-urlencoded'] = { schema: ref(`api/admin/${op.request}`) };
      operation.requestBody = { required: !op.requestOptional, content };
    }
    paths[op.path] = { ...(paths[op.path] ?? {}), [op.method]: operation };
  }

  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Portcullis admin API',
      version: '1.0',
      description: 'Management API of the Portcullis gateway: gateways, registries, consumers, roles, policies, auths, vault credentials, machine credentials and catalogs. Errors are `{error, message}`.',
    },
    servers: [{ url: '/' }],
    security: [{ BearerAuth: [] }],
    tags: [...new Set(operations.map((op) => op.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        BearerAuth: { type: 'apiKey', in: 'header', name: 'Authorization', description: '`Bearer <admin JWT or machine access token>`.' },
        ClusterToken: { type: 'http', scheme: 'bearer', description: 'The cluster token data planes present (PORTCULLIS_CLUSTER_TOKEN).' },
      },
      schemas,
    },
  };
}
