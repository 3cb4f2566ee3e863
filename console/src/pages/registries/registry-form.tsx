/**
 * Create a registry: an LLM provider from the catalog (`/v1/catalog/providers`, its default base
 * URL offered) or an MCP server, with an inline key (write-only) and an optional model allow-list.
 */
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import type { CatalogProvider, Registry } from '../../api/records';
import { useApi } from '../../api/session';
import { useLoad } from '../../api/use-load';
import { useSubmit } from '../../api/use-submit';
import { FormAlert, SelectField, TextField } from '../../components/form-fields';

export function RegistryForm(props: { gatewayId: string; onCreated(registry: Registry): void }): JSX.Element {
  const api = useApi();
  const providers = useLoad(() => api.all<CatalogProvider>('/v1/catalog/providers'), []);
  const [type, setType] = useState<'LLM' | 'MCP'>('LLM');
  const [provider, setProvider] = useState('');
  const [slug, setSlug] = useState('');
  const [name, setName] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [models, setModels] = useState('');
  const { busy, error, run } = useSubmit();
  const chosen = providers.data?.find((p) => p.id === provider);

  const submit = (event: Event) => {
    event.preventDefault();
    return run(async () => {
      const body: Record<string, unknown> = { type, provider: type === 'MCP' ? 'mcp' : provider };
      if (slug.trim()) body.slug = slug.trim();
      if (name.trim()) body.name = name.trim();
      if (baseUrl.trim()) body.base_url = baseUrl.trim();
      if (apiKey) body.auth = { api_key: apiKey };
      const allow = models.split(/[\s,]+/).filter(Boolean);
      if (allow.length) body.models = allow;
      const created = await api.post<Registry>(`/v1/gateways/${props.gatewayId}/registries`, body);
      setApiKey('');
      setSlug('');
      setName('');
      props.onCreated(created);
    });
  };
  return (
    <form onSubmit={submit} noValidate class="record-form">
      <SelectField label="Type" name="type" value={type} onValue={(v) => setType(v as 'LLM' | 'MCP')} choices={[{ value: 'LLM', label: 'LLM provider' }, { value: 'MCP', label: 'MCP server' }]} error={error} />
      {type === 'LLM' && (
        <SelectField
          label="Provider"
          name="provider"
          value={provider}
          onValue={setProvider}
          emptyLabel={providers.loading ? 'Loading providers…' : 'Choose a provider'}
          choices={(providers.data ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.id})` }))}
          error={error ?? providers.error}
          required
        />
      )}
      <TextField label="Slug" name="slug" value={slug} onValue={setSlug} error={error} hint="Derived from the provider when empty; callers pin it as @slug/model." />
      <TextField label="Name" name="name" value={name} onValue={setName} error={error} />
      <TextField
        label="Base URL"
        name="base_url"
        type="url"
        value={baseUrl}
        onValue={setBaseUrl}
        error={error}
        placeholder={chosen?.base_url}
        hint={type === 'MCP' ? 'The MCP server endpoint (Streamable HTTP).' : chosen?.base_url_required ? 'This provider needs one.' : 'The catalog default when empty.'}
        required={type === 'MCP' || chosen?.base_url_required}
      />
      <TextField label="API key" name="auth" type="password" value={apiKey} onValue={setApiKey} error={error} hint="Stored sealed and never shown again." autoComplete="new-password" />
      {type === 'LLM' && <TextField label="Models" name="models" value={models} onValue={setModels} error={error} hint="Allow-list, separated by commas; the provider catalog when empty." />}
      <FormAlert error={error} fields={['type', 'provider', 'slug', 'name', 'base_url', 'auth', 'models']} />
      <button type="submit" class="primary" disabled={busy}>
        Create registry
      </button>
    </form>
  );
}
