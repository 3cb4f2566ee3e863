/**
 * Labelled form controls that show the API's message beside the field it names: an `ApiError`
 * whose `field` is this control's `name` (a JSON pointer without its leading slash) marks it
 * invalid and describes it with the message.
 */
import type { ComponentChildren, JSX } from 'preact';
import { useId } from 'preact/hooks';
import type { ApiError } from '../api/api-error';

/** The message for field `name` in `error`: the error names it or a field inside it. */
export function fieldError(error: ApiError | null | undefined, name: string): string | undefined {
  if (!error?.field) return undefined;
  return error.field === name || error.field.startsWith(`${name}/`) ? error.message : undefined;
}

interface FieldFrame {
  label: string;
  name: string;
  error?: ApiError | null;
  /** A message of the form itself (a JSON parse error), shown like an API one. */
  localError?: string;
  hint?: ComponentChildren;
  required?: boolean;
}

/** Label, control, hint and error, wired together with ids. */
function Frame(props: FieldFrame & { id: string; children: ComponentChildren; inline?: boolean }): JSX.Element {
  const message = props.localError ?? fieldError(props.error, props.name);
  return (
    <div class={`field${props.inline ? ' field-inline' : ''}${message ? ' field-invalid' : ''}`}>
      {!props.inline && (
        <label for={props.id}>
          {props.label}
          {props.required && <span aria-hidden="true"> *</span>}
        </label>
      )}
      {props.children}
      {props.inline && <label for={props.id}>{props.label}</label>}
      {props.hint && (
        <p class="hint" id={`${props.id}-hint`}>
          {props.hint}
        </p>
      )}
      {message && (
        <p class="field-error" id={`${props.id}-error`}>
          {message}
        </p>
      )}
    </div>
  );
}

function described(id: string, props: FieldFrame): { 'aria-describedby'?: string; 'aria-invalid'?: 'true' } {
  const message = props.localError ?? fieldError(props.error, props.name);
  const ids = [props.hint ? `${id}-hint` : '', message ? `${id}-error` : ''].filter(Boolean).join(' ');
  return { ...(ids ? { 'aria-describedby': ids } : {}), ...(message ? { 'aria-invalid': 'true' as const } : {}) };
}

export function TextField(
  props: FieldFrame & { value: string; onValue(value: string): void; type?: 'text' | 'number' | 'password' | 'url' | 'email'; placeholder?: string; autoComplete?: string; min?: number; max?: number; step?: number | 'any' },
): JSX.Element {
  const id = useId();
  return (
    <Frame {...props} id={id}>
      <input
        id={id}
        name={props.name}
        type={(props.type ?? 'text') as 'text'}
        value={props.value}
        placeholder={props.placeholder}
        autoComplete={props.autoComplete ?? 'off'}
        required={props.required}
        min={props.min}
        max={props.max}
        step={props.step}
        spellcheck={false}
        onInput={(e) => props.onValue((e.currentTarget as HTMLInputElement).value)}
        {...described(id, props)}
      />
    </Frame>
  );
}

export function TextAreaField(props: FieldFrame & { value: string; onValue(value: string): void; rows?: number; onBlur?(): void }): JSX.Element {
  const id = useId();
  return (
    <Frame {...props} id={id}>
      <textarea id={id} name={props.name} rows={props.rows ?? 4} value={props.value} required={props.required} spellcheck={false} onInput={(e) => props.onValue((e.currentTarget as HTMLTextAreaElement).value)} onBlur={props.onBlur} {...described(id, props)} />
    </Frame>
  );
}

export interface Choice {
  value: string;
  label: string;
}

export function SelectField(props: FieldFrame & { value: string; onValue(value: string): void; choices: readonly Choice[]; emptyLabel?: string }): JSX.Element {
  const id = useId();
  return (
    <Frame {...props} id={id}>
      <select id={id} name={props.name} value={props.value} required={props.required} onChange={(e) => props.onValue((e.currentTarget as HTMLSelectElement).value)} {...described(id, props)}>
        {props.emptyLabel !== undefined && <option value="">{props.emptyLabel}</option>}
        {props.choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </Frame>
  );
}

export function CheckboxField(props: FieldFrame & { checked: boolean; onChecked(checked: boolean): void }): JSX.Element {
  const id = useId();
  return (
    <Frame {...props} id={id} inline>
      <input id={id} name={props.name} type="checkbox" checked={props.checked} onChange={(e) => props.onChecked((e.currentTarget as HTMLInputElement).checked)} {...described(id, props)} />
    </Frame>
  );
}

/**
 * The form's own alert: the API's message when it names no field shown in this form (those
 * show it beside the field), else a pointer to the field, so the failure is always announced.
 */
export function FormAlert(props: { error: ApiError | Error | null | undefined; fields?: readonly string[] }): JSX.Element {
  const error = props.error;
  const field = error && 'field' in error ? (error as ApiError).field : undefined;
  const shown = field !== undefined && (props.fields ?? []).some((name) => field === name || field.startsWith(`${name}/`));
  return (
    <p role="alert" class="form-alert">
      {error ? (shown ? `Not saved: check the field marked below (${field}).` : error.message) : ''}
    </p>
  );
}
