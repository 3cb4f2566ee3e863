/**
 * Guardrail collectors: the paged list (each links to its page with the Auth tab) and a create
 * form whose types come from `GET /v1/catalog/collectors`, grouped as the catalog groups them.
 */
import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { ApiError } from '../../api/api-error';
import type { Page as Listing } from '../../api/client';
import { useApi, useSession } from '../../api/session';
import { useSubmit } from '../../api/use-submit';
import { FormAlert, SelectField, TextAreaField, TextField } from '../../components/form-fields';
import { LiveStatus } from '../../components/live-status';
import { Page, Section } from '../../components/page';
import { PagedTable } from '../../components/paged-table';
import { Link, navigate } from '../../router';
import type { Collector, CollectorCatalog } from './guardrail-records';

/** The catalog's types as select choices, the group named in each label. */
export function useCollectorTypes(): { choices: Array<{ value: string; label: string }>; error: ApiError | null } {
  const api = useApi();
  const [choices, setChoices] = useState<Array<{ value: string; label: string }>>([]);
  const [error, setError] = useState<ApiError | null>(null);
  useEffect(() => {
    api.get<CollectorCatalog>('/v1/catalog/collectors', undefined, 'guardrail').then(
      (catalog) => setChoices(catalog.groups.flatMap((g) => g.types.map((t) => ({ value: t.id, label: `${t.name} (${g.name})` })))),
      setError,
    );
  }, []);
  return { choices, error };
}

/** True when the signed-in admin must name the owning tenant: a platform admin whose token names none. */
export function useNeedsTenant(): boolean {
  const { user } = useSession();
  return user.roles.includes('platform_admin') && !user.tenantId;
}

function CreateCollector(props: { onCreated(collector: Collector): void }): JSX.Element {
  const api = useApi();
  const types = useCollectorTypes();
  const needsTenant = useNeedsTenant();
  const [tenantId, setTenantId] = useState('');
  const [name, setName] = useState('');
  const [type, setType] = useState('');
  const [description, setDescription] = useState('');
  const { busy, error, run } = useSubmit();
  const submit = (event: Event) => {
    event.preventDefault();
    return run(async () => {
      const body: Record<string, unknown> = { name: name.trim(), type };
      if (description.trim()) body.description = description.trim();
      if (needsTenant) body.tenant_id = tenantId.trim();
      props.onCreated(await api.post<Collector>('/v1/collectors', body, 'guardrail'));
    });
  };
  return (
    <form onSubmit={submit} noValidate class="record-form">
      <TextField label="Name" name="name" value={name} onValue={setName} error={error} required />
      <SelectField label="Type" name="type" value={type} onValue={setType} choices={types.choices} emptyLabel="Choose the integration" error={error ?? types.error} required />
      <TextAreaField label="Description" name="description" value={description} onValue={setDescription} error={error} rows={2} />
      {needsTenant && <TextField label="Tenant id" name="tenant_id" value={tenantId} onValue={setTenantId} error={error} required hint="Your token names no tenant: say which tenant owns the collector." />}
      <FormAlert error={error ?? types.error} fields={['name', 'type', 'description', 'tenant_id']} />
      <button type="submit" class="primary" disabled={busy}>
        Create collector
      </button>
    </form>
  );
}

export function CollectorsPage(): JSX.Element {
  const api = useApi();
  const [reload, setReload] = useState(0);
  const [message, setMessage] = useState<string | null>(null);
  return (
    <Page title="Collectors">
      <p class="note">A collector is one integration that sends evaluations; its keys are on its Auth tab.</p>
      <PagedTable<Collector>
        caption="Collectors"
        load={(page, size) => api.get<Listing<Collector>>('/v1/collectors', { page, size }, 'guardrail')}
        rowKey={(c) => c.id}
        reloadKey={reload}
        empty="No collector yet: create one below."
        columns={[
          { header: 'Name', cell: (c) => <Link to={`/guardrails/collectors/${c.id}`}>{c.name}</Link> },
          { header: 'Type', cell: (c) => c.type },
          { header: 'Description', cell: (c) => c.description ?? '' },
        ]}
      />
      <Section title="Create a collector">
        <CreateCollector
          onCreated={(c) => {
            setMessage(`Collector ${c.name} created.`);
            setReload((n) => n + 1);
            navigate(`/guardrails/collectors/${c.id}?tab=auth`);
          }}
        />
      </Section>
      <LiveStatus message={message} />
    </Page>
  );
}
