/**
 * A guardrail policy's Basics tab: name, description, the Observe / Enforce switch (spec 3.2),
 * enabled, priority, what a detector failure does, and the collectors it applies to.
 */
import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { ApiError } from '../../api/api-error';
import { useApi } from '../../api/session';
import { useSubmit } from '../../api/use-submit';
import { CheckboxField, FormAlert, SelectField, TextAreaField, TextField } from '../../components/form-fields';
import type { Collector, GuardrailPolicy, PolicyMode } from './guardrail-records';

const FAIL_MODES = [
  { value: 'closed', label: 'Fail closed (answer 503 when a detector fails)' },
  { value: 'open', label: 'Fail open (skip a failing detector)' },
];

export function PolicyBasics(props: { policy: GuardrailPolicy; onSave(fields: Partial<GuardrailPolicy>): Promise<ApiError | null> }): JSX.Element {
  const api = useApi();
  const p = props.policy;
  const [name, setName] = useState(p.name);
  const [description, setDescription] = useState(p.description ?? '');
  const [mode, setMode] = useState<PolicyMode>(p.mode);
  const [enabled, setEnabled] = useState(p.enabled);
  const [priority, setPriority] = useState(String(p.priority));
  const [failMode, setFailMode] = useState<string>(p.fail_mode);
  const [chosen, setChosen] = useState<string[]>(p.collectors);
  const [collectors, setCollectors] = useState<Collector[]>([]);
  const { busy, error, run, setError } = useSubmit();
  useEffect(() => {
    api.all<Collector>('/v1/collectors', {}, 'guardrail').then(setCollectors, setError);
  }, []);
  const save = (event: Event) => {
    event.preventDefault();
    return run(async () => {
      const number = Number(priority);
      const failed = await props.onSave({
        name: name.trim(),
        description: description.trim(),
        mode,
        enabled,
        priority: (priority.trim() !== '' && Number.isFinite(number) ? number : priority) as number,
        fail_mode: failMode as GuardrailPolicy['fail_mode'],
        collectors: chosen,
      });
      if (failed) throw failed;
    });
  };
  const toggle = (id: string, on: boolean) => setChosen(on ? [...chosen, id] : chosen.filter((c) => c !== id));
  const unknown = chosen.filter((id) => collectors.length > 0 && !collectors.some((c) => c.id === id));
  return (
    <form onSubmit={save} noValidate class="record-form">
      <TextField label="Name" name="name" value={name} onValue={setName} error={error} required />
      <TextAreaField label="Description" name="description" value={description} onValue={setDescription} error={error} rows={2} />
      <fieldset>
        <legend>Mode</legend>
        <div class="switch-group">
          <label>
            <input type="radio" name="mode" value="observe" checked={mode === 'observe'} onChange={() => setMode('observe')} /> Observe
          </label>
          <label>
            <input type="radio" name="mode" value="enforce" checked={mode === 'enforce'} onChange={() => setMode('enforce')} /> Enforce
          </label>
        </div>
        <p class="hint">Observe records what fires as Monitor and changes nothing; Enforce applies Block, Ask and Transform.</p>
      </fieldset>
      <CheckboxField label="Enabled" name="enabled" checked={enabled} onChecked={setEnabled} error={error} />
      <TextField label="Priority" name="priority" type="number" value={priority} onValue={setPriority} error={error} hint="The highest-priority matching policy applies." />
      <SelectField label="When a detector fails" name="fail_mode" value={failMode} onValue={setFailMode} choices={FAIL_MODES} error={error} />
      <fieldset>
        <legend>Collectors</legend>
        {collectors.length === 0 && <p class="hint">No collector yet: create one under Collectors.</p>}
        {collectors.map((c) => (
          <CheckboxField key={c.id} label={`${c.name} (${c.type})`} name={`collectors-${c.id}`} checked={chosen.includes(c.id)} onChecked={(on) => toggle(c.id, on)} />
        ))}
        {unknown.length > 0 && <p class="hint">Also chosen, not found among your collectors: {unknown.join(', ')}</p>}
      </fieldset>
      <FormAlert error={error} fields={['name', 'description', 'enabled', 'priority', 'fail_mode']} />
      <button type="submit" class="primary" disabled={busy}>
        Save basics
      </button>
    </form>
  );
}
