/**
 * Form fields generated from a JSON Schema (a plugin's settings schema from
 * `/v1/catalog/policies`): strings, numbers, booleans and enums become inputs, checkboxes and
 * selects; objects become fieldsets; arrays of objects become lists with Add and Remove; lists
 * of scalars become one-per-line text; anything else (or nesting deeper than MAX_DEPTH) is edited
 * as JSON. The API validates: its message is shown beside the field its pointer names
 * (`/settings/limits/0/requests` -> the `requests` field of the first limit).
 */
import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { ApiError } from '../api/api-error';
import { CheckboxField, fieldError, SelectField, TextAreaField, TextField } from './form-fields';

/** The part of JSON Schema the generator reads. */
export interface JsonSchema {
  type?: string | string[];
  title?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  definitions?: Record<string, JsonSchema>;
}

/** Deeper objects are edited as JSON: bounded rendering whatever the schema. */
const MAX_DEPTH = 5;

type Json = unknown;
type JsonObject = Record<string, Json>;

interface FieldContext {
  root: JsonSchema;
  error: ApiError | null;
}

/** A schema with a local `$ref` (`#/$defs/x`, `#/definitions/x`) replaced by its target, once. */
function resolved(schema: JsonSchema, root: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema;
  const match = /^#\/(\$defs|definitions)\/([^/]+)$/.exec(schema.$ref);
  const target = match ? (match[1] === '$defs' ? root.$defs : root.definitions)?.[match[2]] : undefined;
  return target && !target.$ref ? { ...target, ...schema, $ref: undefined } : schema;
}

function typeOf(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null');
  if (schema.type) return schema.type;
  if (schema.properties) return 'object';
  return undefined;
}

const isScalarType = (t: string | undefined) => t === 'string' || t === 'integer' || t === 'number' || t === 'boolean';

/** The starting value of a schema: required lists of objects get their minimum number of items. */
export function initialValue(schema: JsonSchema, root: JsonSchema = schema, depth = 0): JsonObject {
  const value: JsonObject = {};
  if (depth > MAX_DEPTH) return value;
  for (const name of schema.required ?? []) {
    const property = resolved(schema.properties?.[name] ?? {}, root);
    if (typeOf(property) === 'array' && property.items && typeOf(resolved(property.items, root)) === 'object') {
      const count = Math.max(1, property.minItems ?? 1);
      value[name] = Array.from({ length: count }, () => initialValue(resolved(property.items!, root), root, depth + 1));
    } else if (typeOf(property) === 'object' && property.properties) {
      value[name] = initialValue(property, root, depth + 1);
    }
  }
  return value;
}

/** `header_name` -> `header name`. */
const labelOf = (name: string, schema: JsonSchema) => schema.title && !/^[A-Z][A-Za-z]+$/.test(schema.title) ? schema.title : name.replace(/_/g, ' ');

/** What a text input's content becomes: a number when the schema takes one and it reads as one. */
function coerced(text: string, schemas: JsonSchema[]): Json {
  if (text === '') return undefined;
  const numeric = schemas.some((s) => s.type === 'integer' || s.type === 'number');
  const asNumber = Number(text);
  if (numeric && text.trim() !== '' && Number.isFinite(asNumber)) {
    const stringBranch = schemas.find((s) => s.type === 'string');
    if (!stringBranch || !stringBranch.enum?.includes(text)) return asNumber;
  }
  return text;
}

function hintOf(schema: JsonSchema, branches?: JsonSchema[]): string | undefined {
  const parts: string[] = [];
  if (schema.description) parts.push(schema.description);
  if (branches) {
    const options = branches.flatMap((b) => (b.enum ? b.enum.map(String) : b.type ? [`a ${b.type === 'integer' ? 'whole number' : b.type}`] : []));
    if (options.length) parts.push(`One of: ${options.join(', ')}.`);
  }
  if (schema.default !== undefined && typeof schema.default !== 'object') parts.push(`Default: ${String(schema.default)}.`);
  return parts.length ? parts.join(' ') : undefined;
}

/** A value edited as JSON text; parsed when the field loses focus. */
function JsonField(props: { label: string; path: string; value: Json; onChange(value: Json): void; ctx: FieldContext; hint?: string; required?: boolean }): JSX.Element {
  const [text, setText] = useState(props.value === undefined ? '' : JSON.stringify(props.value, null, 2));
  const [parseError, setParseError] = useState<string | undefined>();
  useEffect(() => {
    setText(props.value === undefined ? '' : JSON.stringify(props.value, null, 2));
  }, [props.path]);
  const commit = () => {
    if (text.trim() === '') {
      setParseError(undefined);
      props.onChange(undefined);
      return;
    }
    try {
      props.onChange(JSON.parse(text));
      setParseError(undefined);
    } catch {
      setParseError('This is not valid JSON.');
    }
  };
  return <TextAreaField label={`${props.label} (JSON)`} name={props.path} value={text} onValue={setText} onBlur={commit} error={props.ctx.error} localError={parseError} hint={props.hint} required={props.required} rows={4} />;
}

function SchemaField(props: { name: string; schema: JsonSchema; value: Json; onChange(value: Json): void; path: string; required: boolean; depth: number; ctx: FieldContext }): JSX.Element | null {
  const { ctx, path, depth } = props;
  const schema = resolved(props.schema, ctx.root);
  const label = labelOf(props.name, schema);
  const type = typeOf(schema);
  if (schema.const !== undefined) return null;

  if (schema.enum) {
    const choices = schema.enum.map((v, i) => ({ value: String(i), label: String(v) }));
    const index = schema.enum.findIndex((v) => v === props.value);
    return (
      <SelectField
        label={label}
        name={path}
        value={index < 0 ? '' : String(index)}
        onValue={(v) => props.onChange(v === '' ? undefined : schema.enum![Number(v)])}
        choices={choices}
        emptyLabel={props.required ? 'Choose…' : schema.default !== undefined ? `Default (${String(schema.default)})` : 'Not set'}
        error={ctx.error}
        hint={schema.description}
        required={props.required}
      />
    );
  }
  if (type === 'boolean') {
    const checked = typeof props.value === 'boolean' ? props.value : schema.default === true;
    return <CheckboxField label={label} name={path} checked={checked} onChecked={props.onChange} error={ctx.error} hint={schema.description} />;
  }
  if (type === 'string' || type === 'integer' || type === 'number') {
    return (
      <TextField
        label={label}
        name={path}
        type={type === 'string' ? 'text' : 'number'}
        value={props.value === undefined ? '' : String(props.value)}
        onValue={(text) => props.onChange(coerced(text, [schema]))}
        error={ctx.error}
        hint={hintOf(schema)}
        required={props.required}
        step={type === 'integer' ? 1 : 'any'}
      />
    );
  }
  const branches = (schema.oneOf ?? schema.anyOf)?.map((b) => resolved(b, ctx.root));
  if (branches && branches.every((b) => isScalarType(typeOf(b)))) {
    return <TextField label={label} name={path} value={props.value === undefined ? '' : String(props.value)} onValue={(text) => props.onChange(coerced(text, branches))} error={ctx.error} hint={hintOf(schema, branches)} required={props.required} />;
  }
  if (depth < MAX_DEPTH && type === 'array' && schema.items) {
    const items = resolved(schema.items, ctx.root);
    const list = Array.isArray(props.value) ? props.value : [];
    if (items.enum) {
      return (
        <fieldset class="choices">
          <legend>{label}</legend>
          {schema.description && <p class="hint">{schema.description}</p>}
          {items.enum.map((option) => (
            <CheckboxField
              key={String(option)}
              label={String(option)}
              name={`${path}/${String(option)}`}
              checked={list.includes(option)}
              onChecked={(on) => props.onChange(on ? [...list, option] : list.filter((v) => v !== option))}
            />
          ))}
          {fieldError(ctx.error, path) && <p class="field-error">{fieldError(ctx.error, path)}</p>}
        </fieldset>
      );
    }
    if (isScalarType(typeOf(items))) {
      return (
        <TextAreaField
          label={`${label} (one per line)`}
          name={path}
          value={list.map(String).join('\n')}
          onValue={(text) => {
            const lines = text.split('\n').map((l) => l.trim()).filter(Boolean);
            props.onChange(lines.length ? lines.map((l) => coerced(l, [items])) : undefined);
          }}
          error={ctx.error}
          hint={schema.description}
          required={props.required}
          rows={3}
        />
      );
    }
    if (typeOf(items) === 'object' && items.properties) {
      const canAdd = schema.maxItems === undefined || list.length < schema.maxItems;
      const canRemove = list.length > (schema.minItems ?? 0);
      return (
        <fieldset class="array-field">
          <legend>{label}</legend>
          {schema.description && <p class="hint">{schema.description}</p>}
          {list.map((item, i) => (
            <fieldset key={i} class="array-item">
              <legend>
                {label} {i + 1}
              </legend>
              <ObjectFields schema={items} value={(item ?? {}) as JsonObject} onChange={(next) => props.onChange(list.map((v, j) => (j === i ? next : v)))} path={`${path}/${i}`} depth={depth + 1} ctx={ctx} />
              {canRemove && (
                <button type="button" class="link-button" onClick={() => props.onChange(list.filter((_, j) => j !== i))}>
                  Remove {label} {i + 1}
                </button>
              )}
            </fieldset>
          ))}
          {canAdd && (
            <button type="button" onClick={() => props.onChange([...list, initialValue(items, ctx.root, depth + 1)])}>
              Add {label}
            </button>
          )}
          {fieldError(ctx.error, path) && !/\/\d+\//.test(ctx.error?.field ?? '') && <p class="field-error">{fieldError(ctx.error, path)}</p>}
        </fieldset>
      );
    }
  }
  if (depth < MAX_DEPTH && type === 'object' && schema.properties) {
    return (
      <fieldset class="object-field">
        <legend>{label}</legend>
        {schema.description && <p class="hint">{schema.description}</p>}
        <ObjectFields schema={schema} value={(props.value ?? {}) as JsonObject} onChange={props.onChange} path={path} depth={depth + 1} ctx={ctx} />
      </fieldset>
    );
  }
  return <JsonField label={label} path={path} value={props.value} onChange={props.onChange} ctx={ctx} hint={schema.description} required={props.required} />;
}

function ObjectFields(props: { schema: JsonSchema; value: JsonObject; onChange(value: JsonObject): void; path: string; depth: number; ctx: FieldContext }): JSX.Element {
  const required = new Set(props.schema.required ?? []);
  const set = (name: string, next: Json) => {
    const copy = { ...props.value };
    if (next === undefined) delete copy[name];
    else copy[name] = next;
    props.onChange(copy);
  };
  return (
    <div class="object-fields">
      {Object.entries(props.schema.properties ?? {}).map(([name, property]) => (
        <SchemaField key={name} name={name} schema={property} value={props.value[name]} onChange={(next) => set(name, next)} path={`${props.path}/${name}`} required={required.has(name)} depth={props.depth} ctx={props.ctx} />
      ))}
    </div>
  );
}

/**
 * The generated fields of `schema`, editing `value`; `pointer` is where the value sits in the
 * request body (`settings`), so API messages about `/settings/...` land beside their field.
 */
export function SchemaForm(props: { schema: JsonSchema; value: JsonObject; onChange(value: JsonObject): void; error: ApiError | null; pointer: string }): JSX.Element {
  const ctx: FieldContext = { root: props.schema, error: props.error };
  if (typeOf(props.schema) !== 'object' || !props.schema.properties) {
    return <JsonField label={props.pointer} path={props.pointer} value={props.value} onChange={(v) => props.onChange((v ?? {}) as JsonObject)} ctx={ctx} />;
  }
  return <ObjectFields schema={props.schema} value={props.value} onChange={props.onChange} path={props.pointer} depth={0} ctx={ctx} />;
}
