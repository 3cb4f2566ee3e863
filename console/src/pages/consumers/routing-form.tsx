/**
 * A consumer's routing as the API accepts it: routing mode, balancing strategy, fallback targets
 * and triggers, tags, and model policies (per-registry allow-lists and defaults, as JSON).
 */
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { ApiError } from '../../api/api-error';
import type { Consumer } from '../../api/records';
import { useApi } from '../../api/session';
import { useSubmit } from '../../api/use-submit';
import { FormAlert, SelectField, TextAreaField, TextField } from '../../components/form-fields';
import { ROUTING_MODES } from './consumers-page';

const STRATEGIES = ['round_robin', 'weighted', 'least_connections', 'random', 'smart'].map((s) => ({ value: s, label: s.replace(/_/g, ' ') }));
const lines = (text: string) => text.split(/[\n,]+/).map((s) => s.trim()).filter(Boolean);

export function RoutingForm(props: { path: string; consumer: Consumer; onSaved(consumer: Consumer): void }): JSX.Element {
  const api = useApi();
  const c = props.consumer;
  const [mode, setMode] = useState<string>(c.routing_mode ?? 'inline');
  const [strategy, setStrategy] = useState(c.load_balancing?.strategy ?? '');
  const [fallback, setFallback] = useState((c.fallback?.targets ?? []).join('\n'));
  const [triggers, setTriggers] = useState((c.fallback?.on ?? []).join(', '));
  const [tags, setTags] = useState((c.tags ?? []).join(', '));
  const [modelPolicies, setModelPolicies] = useState(JSON.stringify(c.model_policies ?? [], null, 2));
  const { busy, error, run } = useSubmit();

  const submit = (event: Event) => {
    event.preventDefault();
    return run(async () => {
      let policies: unknown;
      try {
        policies = JSON.parse(modelPolicies || '[]');
      } catch {
        throw new ApiError(0, 'validation_failed', '/model_policies is not valid JSON');
      }
      const body: Record<string, unknown> = { routing_mode: mode, model_policies: policies, tags: lines(tags) };
      if (strategy) body.load_balancing = { ...c.load_balancing, strategy };
      if (lines(fallback).length) body.fallback = { ...c.fallback, targets: lines(fallback), ...(lines(triggers).length ? { on: lines(triggers) } : {}) };
      props.onSaved(await api.patch<Consumer>(props.path, body));
    });
  };
  return (
    <form onSubmit={submit} noValidate class="record-form">
      <SelectField label="Routing mode" name="routing_mode" value={mode} onValue={setMode} choices={ROUTING_MODES} error={error} />
      <SelectField label="Balancing strategy" name="load_balancing" value={strategy} onValue={setStrategy} emptyLabel="Default" choices={STRATEGIES} error={error} />
      <TextAreaField label="Fallback targets" name="fallback" value={fallback} onValue={setFallback} error={error} hint="Model references tried in order after a failure, one per line (@registry/model)." rows={3} />
      <TextField label="Fallback triggers" name="fallback/on" value={triggers} onValue={setTriggers} error={error} hint="Separated by commas, for example 429, 5xx, timeout." />
      <TextField label="Tags" name="tags" value={tags} onValue={setTags} error={error} hint="Separated by commas; guardrail gates match them as consumer.tag." />
      <TextAreaField label="Model policies (JSON)" name="model_policies" value={modelPolicies} onValue={setModelPolicies} error={error} hint='Per registry: [{"registry_id": "...", "allow": ["gpt-4o-mini"], "default": "gpt-4o-mini"}].' rows={5} />
      <FormAlert error={error} fields={['routing_mode', 'load_balancing', 'fallback', 'tags', 'model_policies']} />
      <button type="submit" class="primary" disabled={busy}>
        Save routing
      </button>
    </form>
  );
}
