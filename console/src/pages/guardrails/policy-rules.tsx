/**
 * A guardrail policy's detector rules: the list (each removable) and an add form: a detector
 * from `GET /v1/catalog/detectors`, its settings form generated from the detector's JSON
 * Schema, the direction, the action by its console name (only those the detector supports:
 * Transform for detectors that can transform) and an optional threshold. Adding and removing
 * save at once, so the API's message about `/rules/N/...` lands beside the field it names.
 */
import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { ApiError } from '../../api/api-error';
import { useApi } from '../../api/session';
import { useSubmit } from '../../api/use-submit';
import { FormAlert, SelectField, TextField } from '../../components/form-fields';
import { Section } from '../../components/page';
import { initialValue, SchemaForm } from '../../components/schema-form';
import { DIRECTIONS, RULE_ACTIONS, statusName, type DetectorEntry, type GuardrailPolicy, type Rule } from './guardrail-records';

export function PolicyRules(props: { policy: GuardrailPolicy; onSave(fields: Partial<GuardrailPolicy>): Promise<ApiError | null> }): JSX.Element {
  const api = useApi();
  const rules = props.policy.rules;
  const [detectors, setDetectors] = useState<DetectorEntry[]>([]);
  const [detectorId, setDetectorId] = useState('');
  const [direction, setDirection] = useState<string>('input');
  const [action, setAction] = useState<string>('block');
  const [threshold, setThreshold] = useState('');
  const [settings, setSettings] = useState<Record<string, unknown>>({});
  // The add form and the list's Remove buttons each show their own error. Each save sends the
  // whole list as this page knows it, so one waits for the other: an add sent while a removal is
  // pending would send the removed rule back.
  const adding = useSubmit();
  const removing = useSubmit();
  const saving = adding.busy || removing.busy;
  const error = adding.error;
  useEffect(() => {
    api.get<{ items: DetectorEntry[] }>('/v1/catalog/detectors', undefined, 'guardrail').then((c) => setDetectors(c.items), adding.setError);
  }, []);
  const detector = detectors.find((d) => d.id === detectorId);
  const chooseDetector = (id: string) => {
    setDetectorId(id);
    const next = detectors.find((d) => d.id === id);
    setSettings(next ? initialValue(next.settings_schema) : {});
    if (next && !next.actions.includes(action as Rule['action'])) setAction('block');
  };
  const add = (event: Event) => {
    event.preventDefault();
    if (saving) return;
    return adding.run(async () => {
      const rule: Record<string, unknown> = { detector: detectorId, direction, action, settings };
      if (threshold.trim()) rule.threshold = Number.isFinite(Number(threshold)) ? Number(threshold) : threshold;
      const failed = await props.onSave({ rules: [...rules, rule as unknown as Rule] });
      if (failed) throw failed;
      setThreshold('');
      setSettings(detector ? initialValue(detector.settings_schema) : {});
    });
  };
  const remove = (index: number) =>
    !saving &&
    removing.run(async () => {
      const failed = await props.onSave({ rules: rules.filter((_, i) => i !== index) });
      if (failed) throw failed;
    });
  const pointer = `rules/${rules.length}`;
  const actions = RULE_ACTIONS.filter((a) => !detector || detector.actions.includes(a.value));
  return (
    <div>
      {rules.length === 0 ? (
        <p>No detector rule yet.</p>
      ) : (
        <ul class="rule-list" aria-label="Detector rules">
          {rules.map((rule, i) => (
            <li key={`${rule.detector}-${i}`}>
              <strong>{statusName(rule.action)}</strong> on {rule.direction}: <code>{rule.detector}</code>
              {rule.threshold !== undefined && <> (threshold {rule.threshold})</>}
              {rule.settings && Object.keys(rule.settings).length > 0 && <pre class="json">{JSON.stringify(rule.settings, null, 2)}</pre>}
              <button type="button" class="link-button" disabled={saving} onClick={() => remove(i)}>
                Remove rule {i + 1} ({rule.detector})
              </button>
            </li>
          ))}
        </ul>
      )}
      <p role="alert" class="status-error">
        {removing.error?.message ?? ''}
      </p>
      <Section title="Add a detector rule">
        <form onSubmit={add} noValidate class="record-form">
          <SelectField
            label="Detector"
            name={`${pointer}/detector`}
            value={detectorId}
            onValue={chooseDetector}
            choices={detectors.map((d) => ({ value: d.id, label: d.id }))}
            emptyLabel="Choose a detector"
            error={error}
            hint={detector?.description}
            required
          />
          <SelectField label="Direction" name={`${pointer}/direction`} value={direction} onValue={setDirection} choices={DIRECTIONS} error={error} />
          <SelectField label="Action" name={`${pointer}/action`} value={action} onValue={setAction} choices={actions} error={error} hint="Monitor records and continues; Transform masks what was found (detectors that can transform)." />
          <TextField label="Threshold" name={`${pointer}/threshold`} type="number" step="any" min={0} max={1} value={threshold} onValue={setThreshold} error={error} hint={detector?.default_threshold !== undefined ? `Default ${detector.default_threshold}.` : 'The detector default when empty.'} />
          {detector && (
            <fieldset>
              <legend>Settings of {detector.id}</legend>
              <SchemaForm schema={detector.settings_schema} value={settings} onChange={setSettings} error={error} pointer={`${pointer}/settings`} />
            </fieldset>
          )}
          <FormAlert error={error} fields={[`${pointer}/detector`, `${pointer}/direction`, `${pointer}/action`, `${pointer}/threshold`, `${pointer}/settings`]} />
          <button type="submit" class="primary" disabled={saving || !detectorId}>
            Add rule
          </button>
        </form>
      </Section>
    </div>
  );
}
