/**
 * The records of one kind attached to a consumer (auths, policies, roles, registries): each with
 * Detach, and a picker to attach another (`PUT`/`DELETE .../consumers/{id}/{kind}/{record id}`).
 */
import type { ComponentChildren, JSX } from 'preact';
import { useState } from 'preact/hooks';
import { useSubmit } from '../../api/use-submit';
import { FormAlert, SelectField, TextField } from '../../components/form-fields';

export interface Attachable {
  id: string;
  label: string;
}

export function AttachmentList(props: {
  /** Names the list and its controls: "auth", "policy", "role", "registry". */
  noun: string;
  attached: readonly string[];
  available: readonly Attachable[];
  attach(id: string, weight?: number): Promise<void>;
  detach(id: string): Promise<void>;
  /** Registries carry a balancing weight. */
  withWeight?: boolean;
  weights?: Record<string, number | undefined>;
  children?: ComponentChildren;
}): JSX.Element {
  const [choice, setChoice] = useState('');
  const [weight, setWeight] = useState('');
  // Attach and Detach share the list's error and run one at a time.
  const { busy, error, run } = useSubmit();
  const labelOf = (id: string) => props.available.find((a) => a.id === id)?.label ?? id;
  const attach = (event: Event) => {
    event.preventDefault();
    const value = weight.trim() === '' ? undefined : Number.isFinite(Number(weight)) ? Number(weight) : (weight as unknown as number);
    return run(async () => {
      await props.attach(choice, value);
      setChoice('');
      setWeight('');
    });
  };
  const unattached = props.available.filter((a) => !props.attached.includes(a.id));
  return (
    <div class="attachments">
      {props.attached.length === 0 ? (
        <p class="note">No {props.noun} attached.</p>
      ) : (
        <ul class="attached">
          {props.attached.map((id) => (
            <li key={id}>
              <span>
                {labelOf(id)}
                {props.withWeight && ` (weight ${props.weights?.[id] ?? 1})`}
              </span>
              <button type="button" class="link-button" onClick={() => run(() => props.detach(id))}>
                Detach {props.noun} {labelOf(id)}
              </button>
            </li>
          ))}
        </ul>
      )}
      {props.children}
      <form onSubmit={attach} noValidate class="attach-form">
        <SelectField label={`Attach a ${props.noun}`} name={`${props.noun}_id`} value={choice} onValue={setChoice} emptyLabel="Choose…" choices={unattached.map((a) => ({ value: a.id, label: a.label }))} error={error} />
        {props.withWeight && <TextField label="Weight" name="weight" type="number" value={weight} onValue={setWeight} error={error} hint="Balancing weight under weighted balancing; 1 when empty." />}
        <FormAlert error={error} fields={[`${props.noun}_id`, 'weight']} />
        <button type="submit" disabled={busy || !choice}>
          Attach {props.noun}
        </button>
      </form>
    </div>
  );
}
