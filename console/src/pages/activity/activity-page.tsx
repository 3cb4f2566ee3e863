/**
 * Activity: the guardrail service's recorded evaluations, newest first, paged, filtered by
 * trace, session, consumer, collector and time (`?trace_id=` deep-links a filter), statuses and
 * actions by their console names, and a detail view of one record and its findings.
 */
import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { ApiError } from '../../api/api-error';
import type { Page as Listing } from '../../api/client';
import { useApi } from '../../api/session';
import '../../components/extras.css';
import { FormAlert, SelectField, TextField } from '../../components/form-fields';
import { Page, Section } from '../../components/page';
import { PagedTable } from '../../components/paged-table';
import { useLocation } from '../../router';
import { statusName, type Collector } from '../guardrails/guardrail-records';
import { ActivityDetail, type ActivityRecord } from './activity-detail';

const TEXT_FILTERS = [
  { name: 'trace_id', label: 'Trace id' },
  { name: 'session_id', label: 'Session id' },
  { name: 'consumer_id', label: 'Consumer id' },
] as const;

type Filters = Record<'trace_id' | 'session_id' | 'consumer_id' | 'collector_id' | 'from' | 'to', string>;
const EMPTY: Filters = { trace_id: '', session_id: '', consumer_id: '', collector_id: '', from: '', to: '' };

/** The query of the filters: times as RFC 3339, empty ones left out. */
function queryOf(filters: Filters): Record<string, string | undefined> {
  const time = (local: string) => (local ? new Date(local).toISOString() : undefined);
  return { trace_id: filters.trace_id.trim() || undefined, session_id: filters.session_id.trim() || undefined, consumer_id: filters.consumer_id.trim() || undefined, collector_id: filters.collector_id || undefined, from: time(filters.from), to: time(filters.to) };
}

export function ActivityPage(): JSX.Element {
  const api = useApi();
  const { query } = useLocation();
  const initial = { ...EMPTY, trace_id: query.get('trace_id') ?? '', session_id: query.get('session_id') ?? '', consumer_id: query.get('consumer_id') ?? '', collector_id: query.get('collector_id') ?? '' };
  const [draft, setDraft] = useState<Filters>(initial);
  const [applied, setApplied] = useState<Filters>(initial);
  const [reload, setReload] = useState(0);
  const [collectors, setCollectors] = useState<Collector[]>([]);
  const [selected, setSelected] = useState<ActivityRecord | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  useEffect(() => {
    api.all<Collector>('/v1/collectors', {}, 'guardrail').then(setCollectors, setError);
  }, []);
  const set = (name: keyof Filters) => (value: string) => setDraft({ ...draft, [name]: value });
  const apply = (event: Event) => {
    event.preventDefault();
    setApplied(draft);
    setSelected(null);
    setReload((n) => n + 1);
  };
  const collectorName = (id: string) => collectors.find((c) => c.id === id)?.name ?? id;
  return (
    <Page title="Activity">
      <form onSubmit={apply} noValidate class="record-form" aria-label="Filter activity">
        <div class="filters">
          {TEXT_FILTERS.map((f) => (
            <TextField key={f.name} label={f.label} name={f.name} value={draft[f.name]} onValue={set(f.name)} error={error} />
          ))}
          <SelectField label="Collector" name="collector_id" value={draft.collector_id} onValue={set('collector_id')} choices={collectors.map((c) => ({ value: c.id, label: c.name }))} emptyLabel="Any collector" error={error} />
          <div class="field">
            <label for="activity-from">From</label>
            <input id="activity-from" type="datetime-local" value={draft.from} onInput={(e) => set('from')((e.currentTarget as HTMLInputElement).value)} />
          </div>
          <div class="field">
            <label for="activity-to">To</label>
            <input id="activity-to" type="datetime-local" value={draft.to} onInput={(e) => set('to')((e.currentTarget as HTMLInputElement).value)} />
          </div>
        </div>
        <FormAlert error={error} fields={['trace_id', 'session_id', 'consumer_id', 'collector_id']} />
        <div class="buttons">
          <button type="submit" class="primary">
            Show activity
          </button>
          <button type="button" onClick={() => setReload((n) => n + 1)}>
            Refresh
          </button>
        </div>
      </form>
      <PagedTable<ActivityRecord>
        caption="Evaluations"
        load={(page, size) =>
          api.get<Listing<ActivityRecord>>('/v1/activity', { ...queryOf(applied), page, size }, 'guardrail').then(
            (answer) => {
              setError(null);
              return answer;
            },
            (err: ApiError) => {
              setError(err); // shown beside the filter it names
              throw err;
            },
          )
        }
        rowKey={(r) => r.id}
        reloadKey={reload}
        empty="No evaluation matches these filters."
        columns={[
          { header: 'Time', cell: (r) => new Date(r.at).toLocaleString() },
          { header: 'Status', cell: (r) => statusName(r.status) },
          { header: 'Findings', cell: (r) => (r.findings.length ? r.findings.map((f) => `${statusName(f.outcome.action)} ${f.source.detector_name ?? f.source.plugin}`).join(', ') : 'None') },
          { header: 'Collector', cell: (r) => collectorName(r.collector_id) },
          { header: 'Consumer', cell: (r) => r.consumer_id ?? '' },
          { header: 'Trace', cell: (r) => <code>{r.trace_id}</code> },
          {
            header: 'Detail',
            cell: (r) => (
              <button type="button" class="link-button" onClick={() => setSelected(r)}>
                Details <span class="visually-hidden">of the evaluation at {new Date(r.at).toLocaleString()}</span>
              </button>
            ),
          },
        ]}
      />
      {selected && (
        <Section title="Evaluation detail" id="activity-detail">
          <ActivityDetail record={selected} collectorName={collectorName(selected.collector_id)} onClose={() => setSelected(null)} />
        </Section>
      )}
    </Page>
  );
}
