/**
 * Validates admin responses against the served OpenAPI document: finds the operation of a
 * method and concrete path, takes the schema of the answered status (or `default`), and checks
 * the body with the project's ajv, where every schema under schemas/ is registered by `$id`.
 */
import type { ValidateFunction } from 'ajv';
import { ajv, describeErrors, loadProjectSchemas } from '../../../../core/schema/ajv.js';

type Json = Record<string, unknown>;

interface Template {
  path: string;
  pattern: RegExp;
  literals: number;
}

export class OpenApiValidator {
  private readonly templates: Template[];
  private readonly idOf = new Map<string, string>();
  private readonly compiled = new Map<string, ValidateFunction>();
  /** `METHOD template` of every validated response. */
  readonly exercised = new Set<string>();

  constructor(readonly document: Json) {
    loadProjectSchemas();
    const schemas = (document.components as { schemas: Record<string, Json> }).schemas;
    for (const [name, schema] of Object.entries(schemas)) this.idOf.set(`#/components/schemas/${name}`, String(schema['x-schema-id']));
    this.templates = Object.keys(document.paths as Json).map((path) => ({
      path,
      pattern: new RegExp(`^${path.replace(/[.]/g, '\\.').replace(/\{\w+\}/g, '[^/]+')}$`),
      literals: path.split('/').filter((s) => s && !s.startsWith('{')).length,
    }));
  }

  /** The operation object of `method` on a concrete path, or undefined when none is described. */
  operation(method: string, path: string): { template: string; operation: Json } | undefined {
    const m = method.toLowerCase();
    const paths = this.document.paths as Record<string, Record<string, Json>>;
    const found = this.templates
      .filter((t) => t.pattern.test(path) && paths[t.path][m])
      .sort((a, b) => b.literals - a.literals)[0];
    return found ? { template: found.path, operation: paths[found.path][m] } : undefined;
  }

  /** Replaces component references by the `$id`s ajv knows (each component keeps its schema's id as `x-schema-id`). */
  private resolveRefs(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((v) => this.resolveRefs(v));
    if (value === null || typeof value !== 'object') return value;
    const out: Json = {};
    for (const [k, v] of Object.entries(value)) out[k] = k === '$ref' && typeof v === 'string' ? this.idFor(v) : this.resolveRefs(v);
    return out;
  }

  /** `#/components/schemas/Name/properties/x` -> `<Name's $id>#/properties/x`. */
  private idFor(ref: string): string {
    const [, name, pointer] = /^#\/components\/schemas\/([^/]+)(\/.*)?$/.exec(ref) ?? [];
    const id = name && this.idOf.get(`#/components/schemas/${name}`);
    if (!id) throw new Error(`reference ${ref} is not to a component of the document`);
    return pointer ? `${id}#${pointer}` : id;
  }

  /** Throws unless the response is described and its body matches the described schema. */
  check(method: string, rawPath: string, status: number, contentType: string | null, body: unknown): void {
    const path = rawPath.split('?')[0];
    const found = this.operation(method, path);
    if (!found) throw new Error(`${method} ${path} is not described in the OpenAPI document`);
    this.exercised.add(`${method.toUpperCase()} ${found.template}`);
    const responses = found.operation.responses as Record<string, Json>;
    const response = responses[String(status)] ?? responses.default;
    if (!response) throw new Error(`${method} ${found.template} answered ${status}, which is not described`);
    const content = response.content as Record<string, { schema: Json }> | undefined;
    if (!content) {
      if (body !== undefined && body !== '') throw new Error(`${method} ${found.template} ${status} is described without a body but answered one`);
      return;
    }
    const media = Object.keys(content).find((type) => contentType?.startsWith(type));
    if (!media) throw new Error(`${method} ${found.template} ${status} answered ${contentType}, described: ${Object.keys(content).join(', ')}`);
    const key = `${found.template} ${method} ${status} ${media}`;
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = ajv.compile(this.resolveRefs(content[media].schema) as Json);
      this.compiled.set(key, validate);
    }
    if (!validate(structuredClone(body))) {
      throw new Error(`${method} ${path} ${status}: the body does not match the OpenAPI document: ${describeErrors(validate.errors)}\n${JSON.stringify(body).slice(0, 500)}`);
    }
  }
}
