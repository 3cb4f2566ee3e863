/**
 * A gateway's registries: the paged list, each with Test (the probe's last `stage` and message)
 * and, for MCP servers, its tools; delete; and the create form.
 */
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import type { Page as Listing } from '../../api/client';
import type { Registry, RegistryTestResult } from '../../api/records';
import { useApi } from '../../api/session';
import { useSubmit } from '../../api/use-submit';
import { ConfirmButton } from '../../components/confirm-button';
import { LiveStatus } from '../../components/live-status';
import { Page, Section } from '../../components/page';
import { PagedTable } from '../../components/paged-table';
import { RegistryForm } from './registry-form';

interface Outcome {
  registry: Registry;
  test?: RegistryTestResult;
  tools?: Array<{ name: string; description?: string }>;
}

export function RegistriesPage(props: { gatewayId: string }): JSX.Element {
  const api = useApi();
  const base = `/v1/gateways/${encodeURIComponent(props.gatewayId)}/registries`;
  const [reload, setReload] = useState(0);
  const [message, setMessage] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // Test, Tools and Delete share the page's error and run one at a time.
  const rowAction = useSubmit();

  const test = (registry: Registry) =>
    rowAction.run(async () => {
      setMessage(`Testing ${registry.slug}…`);
      const result = await api.post<RegistryTestResult>(`${base}/test`, { registry_id: registry.id });
      setOutcome({ registry, test: result });
      setMessage(`Test of ${registry.slug}: ${result.ok ? 'passed' : 'failed'} at stage ${result.stage}.`);
    });
  const tools = (registry: Registry) =>
    rowAction.run(async () => {
      const answer = await api.get<{ tools: Array<{ name: string; description?: string }> }>(`${base}/${registry.id}/tools`);
      setOutcome({ registry, tools: answer.tools });
      setMessage(`${registry.slug} offers ${answer.tools.length} tools.`);
    });
  const remove = (registry: Registry) =>
    rowAction.run(async () => {
      await api.delete(`${base}/${registry.id}`);
      setMessage(`Registry ${registry.slug} deleted.`);
      setReload((n) => n + 1);
    });
  return (
    <Page title="Registries">
      <PagedTable<Registry>
        caption="Registries of this gateway"
        load={(page, size) => api.get<Listing<Registry>>(base, { page, size })}
        rowKey={(r) => r.id}
        reloadKey={reload}
        empty="No registry yet: create one below."
        columns={[
          { header: 'Slug', cell: (r) => r.slug },
          { header: 'Type', cell: (r) => r.type },
          { header: 'Provider', cell: (r) => r.provider },
          { header: 'Base URL', cell: (r) => r.base_url ?? '' },
          {
            header: 'Actions',
            cell: (r) => (
              <div class="row-actions">
                <button type="button" onClick={() => test(r)} aria-label={`Test ${r.slug}`}>
                  Test
                </button>
                {r.type === 'MCP' && (
                  <button type="button" onClick={() => tools(r)} aria-label={`Tools of ${r.slug}`}>
                    Tools
                  </button>
                )}
                <ConfirmButton
                  label={`Delete ${r.slug}`}
                  confirmLabel="Delete"
                  warning="Consumers lose it."
                  onConfirm={() => remove(r)}
                />
              </div>
            ),
          },
        ]}
      />
      <LiveStatus message={message} error={rowAction.error} />
      {outcome?.test && (
        <Section title={`Test of ${outcome.registry.slug}`} id="registry-test-result">
          <dl class="facts">
            <dt>Result</dt>
            <dd>{outcome.test.ok ? 'passed' : 'failed'}</dd>
            <dt>Stage</dt>
            <dd data-testid="test-stage">{outcome.test.stage}</dd>
            {outcome.test.status !== undefined && (
              <>
                <dt>Upstream status</dt>
                <dd>{outcome.test.status}</dd>
              </>
            )}
            <dt>Message</dt>
            <dd>{outcome.test.message}</dd>
            <dt>Took</dt>
            <dd>{Math.round(outcome.test.latency_ms)} ms</dd>
          </dl>
        </Section>
      )}
      {outcome?.tools && (
        <Section title={`Tools of ${outcome.registry.slug}`} id="registry-tools">
          <ul>
            {outcome.tools.map((t) => (
              <li key={t.name}>
                <strong>{t.name}</strong>
                {t.description ? `: ${t.description}` : ''}
              </li>
            ))}
          </ul>
        </Section>
      )}
      <Section title="Create a registry">
        <RegistryForm
          gatewayId={props.gatewayId}
          onCreated={(r) => {
            setMessage(`Registry ${r.slug} created.`);
            setReload((n) => n + 1);
          }}
        />
      </Section>
    </Page>
  );
}
