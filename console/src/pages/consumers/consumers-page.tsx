/** A gateway's consumers: the paged list (each opens its page) and the create form. */
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import type { Page as Listing } from '../../api/client';
import type { Consumer } from '../../api/records';
import { useApi } from '../../api/session';
import { useSubmit } from '../../api/use-submit';
import { FormAlert, SelectField, TextField } from '../../components/form-fields';
import { LiveStatus } from '../../components/live-status';
import { Page, Section } from '../../components/page';
import { PagedTable } from '../../components/paged-table';
import { Link, navigate } from '../../router';

export const ROUTING_MODES = [
  { value: 'inline', label: 'inline: its own registries' },
  { value: 'role_based', label: 'role based: the registries of its callers\' roles' },
];

export function ConsumersPage(props: { gatewayId: string }): JSX.Element {
  const api = useApi();
  const base = `/v1/gateways/${encodeURIComponent(props.gatewayId)}/consumers`;
  const [slug, setSlug] = useState('');
  const [name, setName] = useState('');
  const [mode, setMode] = useState('inline');
  const { busy, error, run } = useSubmit();

  const create = (event: Event) => {
    event.preventDefault();
    return run(async () => {
      const body: Record<string, unknown> = { slug: slug.trim(), routing_mode: mode };
      if (name.trim()) body.name = name.trim();
      const created = await api.post<Consumer>(base, body);
      navigate(`/gateways/${props.gatewayId}/consumers/${created.id}`);
    });
  };
  return (
    <Page title="Consumers">
      <PagedTable<Consumer>
        caption="Consumers of this gateway"
        load={(page, size) => api.get<Listing<Consumer>>(base, { page, size })}
        rowKey={(c) => c.id}
        empty="No consumer yet: create one below."
        columns={[
          { header: 'Slug', cell: (c) => <Link to={`/gateways/${props.gatewayId}/consumers/${c.id}`}>{c.slug}</Link> },
          { header: 'Name', cell: (c) => c.name ?? '' },
          { header: 'Routing', cell: (c) => c.routing_mode ?? 'inline' },
          { header: 'Registries', cell: (c) => String(c.registries?.length ?? 0) },
          { header: 'Auths', cell: (c) => String(c.auth_ids?.length ?? 0) },
        ]}
      />
      <Section title="Create a consumer">
        <form onSubmit={create} noValidate class="record-form">
          <TextField label="Slug" name="slug" value={slug} onValue={setSlug} error={error} required hint="The first proxy path segment: /{slug}/v1/chat/completions." />
          <TextField label="Name" name="name" value={name} onValue={setName} error={error} />
          <SelectField label="Routing mode" name="routing_mode" value={mode} onValue={setMode} choices={ROUTING_MODES} error={error} />
          <FormAlert error={error} fields={['slug', 'name', 'routing_mode']} />
          <button type="submit" class="primary" disabled={busy}>
            Create consumer
          </button>
        </form>
      </Section>
      <LiveStatus />
    </Page>
  );
}
