/** Guardrail policies: the paged list with each policy's mode, and a create form (name first; the rest on its page). */
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import type { Page as Listing } from '../../api/client';
import { useApi } from '../../api/session';
import { useSubmit } from '../../api/use-submit';
import { FormAlert, TextField } from '../../components/form-fields';
import { Page, Section } from '../../components/page';
import { PagedTable } from '../../components/paged-table';
import { Link, navigate } from '../../router';
import { useNeedsTenant } from './collectors-page';
import type { GuardrailPolicy } from './guardrail-records';

export function GuardrailPoliciesPage(): JSX.Element {
  const api = useApi();
  const needsTenant = useNeedsTenant();
  const [name, setName] = useState('');
  const [tenantId, setTenantId] = useState('');
  const { busy, error, run } = useSubmit();
  const create = (event: Event) => {
    event.preventDefault();
    return run(async () => {
      const created = await api.post<GuardrailPolicy>('/v1/policies', { name: name.trim(), ...(needsTenant ? { tenant_id: tenantId.trim() } : {}) }, 'guardrail');
      navigate(`/guardrails/policies/${created.id}`);
    });
  };
  return (
    <Page title="Guardrail policies">
      <p class="note">For each evaluation, the highest-priority enabled policy naming the collector applies; a collector with none is allowed untouched.</p>
      <PagedTable<GuardrailPolicy>
        caption="Guardrail policies"
        load={(page, size) => api.get<Listing<GuardrailPolicy>>('/v1/policies', { page, size }, 'guardrail')}
        rowKey={(p) => p.id}
        empty="No guardrail policy yet: create one below."
        columns={[
          { header: 'Name', cell: (p) => <Link to={`/guardrails/policies/${p.id}`}>{p.name}</Link> },
          { header: 'Mode', cell: (p) => (p.mode === 'observe' ? 'Observe' : 'Enforce') },
          { header: 'Enabled', cell: (p) => (p.enabled ? 'Yes' : 'No') },
          { header: 'Priority', cell: (p) => String(p.priority) },
          { header: 'Collectors', cell: (p) => String(p.collectors.length) },
          { header: 'Rules', cell: (p) => String(p.rules.length) },
          { header: 'Gates', cell: (p) => String(p.gates.length) },
        ]}
      />
      <Section title="Create a guardrail policy">
        <form onSubmit={create} noValidate class="record-form">
          <TextField label="Policy name" name="name" value={name} onValue={setName} error={error} required />
          {needsTenant && <TextField label="Tenant id" name="tenant_id" value={tenantId} onValue={setTenantId} error={error} required hint="Your token names no tenant: say which tenant owns the policy." />}
          <FormAlert error={error} fields={['name', 'tenant_id']} />
          <button type="submit" class="primary" disabled={busy}>
            Create policy
          </button>
        </form>
      </Section>
    </Page>
  );
}
