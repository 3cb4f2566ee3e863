/**
 * Create a policy: choose its plugin from `/v1/catalog/policies`, then fill the form generated
 * from that plugin's settings JSON Schema, plus name, slug, stages, priority and switches.
 */
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import type { CatalogPolicies, CatalogPolicyType, Policy } from '../../api/records';
import { useApi } from '../../api/session';
import { useLoad } from '../../api/use-load';
import { useSubmit } from '../../api/use-submit';
import { CheckboxField, FormAlert, SelectField, TextField } from '../../components/form-fields';
import { initialValue, SchemaForm, type JsonSchema } from '../../components/schema-form';

export function PolicyForm(props: { gatewayId: string; onCreated(policy: Policy): void }): JSX.Element {
  const api = useApi();
  const catalog = useLoad(() => api.get<CatalogPolicies>('/v1/catalog/policies'), []);
  const types: CatalogPolicyType[] = (catalog.data?.groups ?? []).flatMap((g) => g.types);
  const [type, setType] = useState('');
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [settings, setSettings] = useState<Record<string, unknown>>({});
  const [priority, setPriority] = useState('100');
  const [enabled, setEnabled] = useState(true);
  const [global, setGlobal] = useState(false);
  const { busy, error, run, setError } = useSubmit();
  const plugin = types.find((t) => t.type === type);

  const choose = (next: string) => {
    setType(next);
    const chosen = types.find((t) => t.type === next);
    setSettings(chosen ? initialValue(chosen.settings_schema as JsonSchema) : {});
    setError(null);
  };
  const submit = (event: Event) => {
    event.preventDefault();
    return run(async () => {
      const body: Record<string, unknown> = { type, settings, enabled, global, priority: priority.trim() !== '' && Number.isFinite(Number(priority)) ? Number(priority) : priority };
      if (name.trim()) body.name = name.trim();
      if (slug.trim()) body.slug = slug.trim();
      const created = await api.post<Policy>(`/v1/gateways/${encodeURIComponent(props.gatewayId)}/policies`, body);
      setName('');
      setSlug('');
      props.onCreated(created);
    });
  };
  return (
    <form onSubmit={submit} noValidate class="record-form">
      <SelectField
        label="Policy type"
        name="type"
        value={type}
        onValue={choose}
        emptyLabel={catalog.loading ? 'Loading the catalog…' : 'Choose a type'}
        choices={(catalog.data?.groups ?? []).flatMap((g) => g.types.map((t) => ({ value: t.type, label: `${t.type} (${g.category})` })))}
        error={error ?? catalog.error}
        hint={plugin?.description}
        required
      />
      <TextField label="Name" name="name" value={name} onValue={setName} error={error} hint="The type when empty." />
      <TextField label="Slug" name="slug" value={slug} onValue={setSlug} error={error} hint="Derived from the name when empty." />
      {plugin && (
        <fieldset class="settings">
          <legend>Settings of {plugin.type}</legend>
          <SchemaForm key={plugin.type} schema={plugin.settings_schema as JsonSchema} value={settings} onChange={setSettings} error={error} pointer="settings" />
        </fieldset>
      )}
      <TextField label="Priority" name="priority" type="number" value={priority} onValue={setPriority} error={error} hint="Higher runs first within a stage." />
      <CheckboxField label="Enabled" name="enabled" checked={enabled} onChecked={setEnabled} error={error} />
      <CheckboxField label="Global: applies to every consumer without being attached" name="global" checked={global} onChecked={setGlobal} error={error} />
      <FormAlert error={error} fields={['type', 'name', 'slug', 'settings', 'priority', 'enabled', 'global']} />
      <button type="submit" class="primary" disabled={busy || !type}>
        Create policy
      </button>
    </form>
  );
}
