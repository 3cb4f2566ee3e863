/**
 * One policy: its settings in the form generated from its plugin's JSON Schema, plus name,
 * priority and switches, saved with PATCH (the API validates the settings again).
 */
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import type { CatalogPolicies, Policy } from '../../api/records';
import { useApi } from '../../api/session';
import { useLoad } from '../../api/use-load';
import { useSubmit } from '../../api/use-submit';
import { CheckboxField, FormAlert, TextField } from '../../components/form-fields';
import { LiveStatus } from '../../components/live-status';
import { Page } from '../../components/page';
import { SchemaForm, type JsonSchema } from '../../components/schema-form';

function PolicyEditor(props: { path: string; policy: Policy; schema: JsonSchema | undefined; onSaved(policy: Policy): void }): JSX.Element {
  const api = useApi();
  const p = props.policy;
  const [name, setName] = useState(p.name);
  const [settings, setSettings] = useState<Record<string, unknown>>(p.settings ?? {});
  const [priority, setPriority] = useState(String(p.priority));
  const [enabled, setEnabled] = useState(p.enabled);
  const { busy, error, run } = useSubmit();
  const submit = (event: Event) => {
    event.preventDefault();
    return run(async () => {
      const body = { name: name.trim(), settings, enabled, priority: priority.trim() !== '' && Number.isFinite(Number(priority)) ? Number(priority) : priority };
      props.onSaved(await api.patch<Policy>(props.path, body));
    });
  };
  return (
    <form onSubmit={submit} noValidate class="record-form">
      <TextField label="Name" name="name" value={name} onValue={setName} error={error} />
      {props.schema && (
        <fieldset class="settings">
          <legend>Settings of {p.type}</legend>
          <SchemaForm schema={props.schema} value={settings} onChange={setSettings} error={error} pointer="settings" />
        </fieldset>
      )}
      <TextField label="Priority" name="priority" type="number" value={priority} onValue={setPriority} error={error} hint="Higher runs first within a stage." />
      <CheckboxField label="Enabled" name="enabled" checked={enabled} onChecked={setEnabled} error={error} />
      <FormAlert error={error} fields={['name', 'settings', 'priority', 'enabled']} />
      <button type="submit" class="primary" disabled={busy}>
        Save policy
      </button>
    </form>
  );
}

export function PolicyPage(props: { gatewayId: string; policyId: string }): JSX.Element {
  const api = useApi();
  const path = `/v1/gateways/${encodeURIComponent(props.gatewayId)}/policies/${encodeURIComponent(props.policyId)}`;
  const policy = useLoad(() => api.get<Policy>(path), [path]);
  const catalog = useLoad(() => api.get<CatalogPolicies>('/v1/catalog/policies'), []);
  const [message, setMessage] = useState<string | null>(null);
  const p = policy.data;
  const schema = p && catalog.data?.groups.flatMap((g) => g.types).find((t) => t.type === p.type)?.settings_schema;
  return (
    <Page title={p ? `Policy ${p.name}` : 'Policy'}>
      <LiveStatus message={message} error={policy.error ?? catalog.error} />
      {p && catalog.data && (
        <PolicyEditor
          key={p.updated_at}
          path={path}
          policy={p}
          schema={schema as JsonSchema | undefined}
          onSaved={(saved) => {
            // The saved record re-keys the editor in the same render as the message.
            policy.set(saved);
            setMessage(`Policy ${saved.name} saved.`);
          }}
        />
      )}
    </Page>
  );
}
