/**
 * A guardrail policy's gates (rules on request metadata: `field op value`, all conditions must
 * hold) and its consumer overrides. Adding and removing save at once.
 */
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import type { ApiError } from '../../api/api-error';
import { useSubmit } from '../../api/use-submit';
import { FormAlert, SelectField, TextField } from '../../components/form-fields';
import { Section } from '../../components/page';
import { GATE_ACTIONS, statusName, type ConsumerOverride, type Gate, type GateCondition, type GuardrailPolicy } from './guardrail-records';

const OPS = ['eq', 'neq', 'in', 'not_in', 'matches', 'exists'].map((op) => ({ value: op, label: op }));
const FIELDS = ['protocol', 'direction', 'consumer.id', 'consumer.tag', 'model.name', 'model.provider', 'tool.name', 'tool.command', 'source.application', 'collector.type'];

/** The condition value the API expects for an op, from what was typed: lists are comma-separated. */
function conditionValue(op: string, text: string): unknown {
  if (op === 'exists') return text.trim() !== 'false';
  if (op === 'in' || op === 'not_in') return text.split(',').map((v) => v.trim()).filter(Boolean);
  return text;
}

const gateName = (g: Gate) => g.when.map((c) => `${c.field} ${c.op} ${JSON.stringify(c.value)}`).join(' and ');

type Save = (fields: Partial<GuardrailPolicy>) => Promise<ApiError | null>;

/** Waits for a save and throws the API's refusal, for `useSubmit` to show. */
async function saved(save: Promise<ApiError | null>): Promise<void> {
  const failed = await save;
  if (failed) throw failed;
}

export function PolicyGates(props: { policy: GuardrailPolicy; onSave: Save }): JSX.Element {
  const gates = props.policy.gates;
  const [name, setName] = useState('');
  const [field, setField] = useState('tool.name');
  const [op, setOp] = useState('in');
  const [value, setValue] = useState('');
  const [action, setAction] = useState('block');
  // Adding and removing share the tab's error and run one at a time.
  const { busy, error, run } = useSubmit();
  const pointer = `gates/${gates.length}`;
  const add = (event: Event) => {
    event.preventDefault();
    return run(async () => {
      const condition: GateCondition = { field: field.trim(), op: op as GateCondition['op'], value: conditionValue(op, value) };
      await saved(props.onSave({ gates: [...gates, { name: name.trim(), when: [condition], action: action as Gate['action'] }] }));
      setName('');
      setValue('');
    });
  };
  return (
    <div>
      {gates.length === 0 ? (
        <p>No gate yet.</p>
      ) : (
        <ul class="rule-list" aria-label="Gates">
          {gates.map((g, i) => (
            <li key={`${g.name}-${i}`}>
              <strong>{g.action === 'report' ? 'Report' : statusName(g.action)}</strong> {g.name}: when {gateName(g)}
              <button type="button" class="link-button" onClick={() => run(() => saved(props.onSave({ gates: gates.filter((_, j) => j !== i) })))}>
                Remove gate {g.name}
              </button>
            </li>
          ))}
        </ul>
      )}
      <Section title="Add a gate">
        <form onSubmit={add} noValidate class="record-form">
          <TextField label="Gate name" name={`${pointer}/name`} value={name} onValue={setName} error={error} required />
          <TextField label="Field" name={`${pointer}/when/0/field`} value={field} onValue={setField} error={error} hint={`One of ${FIELDS.join(', ')}, or any key under attributes.`} />
          <SelectField label="Operator" name={`${pointer}/when/0/op`} value={op} onValue={setOp} choices={OPS} error={error} />
          <TextField label="Value" name={`${pointer}/when/0/value`} value={value} onValue={setValue} error={error} hint="Comma-separated for in and not_in; a regular expression for matches; true or false for exists." />
          <SelectField label="Gate action" name={`${pointer}/action`} value={action} onValue={setAction} choices={GATE_ACTIONS} error={error} hint="Ask applies on input only." />
          <FormAlert error={error} fields={[`${pointer}/name`, `${pointer}/when`, `${pointer}/action`]} />
          <button type="submit" class="primary" disabled={busy}>
            Add gate
          </button>
        </form>
      </Section>
    </div>
  );
}

const MODES = [
  { value: '', label: 'Same as the policy' },
  { value: 'observe', label: 'Observe' },
  { value: 'enforce', label: 'Enforce' },
];

export function PolicyOverrides(props: { policy: GuardrailPolicy; onSave: Save }): JSX.Element {
  const overrides = props.policy.overrides;
  const [consumer, setConsumer] = useState('');
  const [mode, setMode] = useState('');
  const [disabled, setDisabled] = useState('');
  // Adding and removing share the tab's error and run one at a time.
  const { busy, error, run } = useSubmit();
  const pointer = `overrides/${overrides.length}`;
  const add = (event: Event) => {
    event.preventDefault();
    return run(async () => {
      const override: ConsumerOverride = { consumer_id: consumer.trim() };
      if (mode) override.mode = mode as ConsumerOverride['mode'];
      const detectors = disabled.split(',').map((d) => d.trim()).filter(Boolean);
      if (detectors.length) override.disabled_detectors = detectors;
      await saved(props.onSave({ overrides: [...overrides, override] }));
      setConsumer('');
      setDisabled('');
    });
  };
  return (
    <div>
      {overrides.length === 0 ? (
        <p>No consumer override yet.</p>
      ) : (
        <ul class="rule-list" aria-label="Consumer overrides">
          {overrides.map((o, i) => (
            <li key={o.consumer_id}>
              <code>{o.consumer_id}</code>: {o.mode ? (o.mode === 'observe' ? 'Observe' : 'Enforce') : 'policy mode'}
              {o.disabled_detectors?.length ? `, without ${o.disabled_detectors.join(', ')}` : ''}
              <button type="button" class="link-button" onClick={() => run(() => saved(props.onSave({ overrides: overrides.filter((_, j) => j !== i) })))}>
                Remove override of {o.consumer_id}
              </button>
            </li>
          ))}
        </ul>
      )}
      <Section title="Add a consumer override">
        <form onSubmit={add} noValidate class="record-form">
          <TextField label="Consumer id" name={`${pointer}/consumer_id`} value={consumer} onValue={setConsumer} error={error} required hint="The consumer_id evaluations send." />
          <SelectField label="Override mode" name={`${pointer}/mode`} value={mode} onValue={setMode} choices={MODES} error={error} />
          <TextField label="Detectors to skip" name={`${pointer}/disabled_detectors`} value={disabled} onValue={setDisabled} error={error} hint="Comma-separated detector ids." />
          <FormAlert error={error} fields={[`${pointer}/consumer_id`, `${pointer}/mode`, `${pointer}/disabled_detectors`]} />
          <button type="submit" class="primary" disabled={busy}>
            Add override
          </button>
        </form>
      </Section>
    </div>
  );
}
