/**
 * Usage and spend of a gateway over time (`GET /v1/gateways/{id}/usage`): requests, tokens and
 * cost per consumer, model or registry in hour or day buckets, as SVG charts and a table.
 * Consumers and registries are shown by slug.
 */
import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { ApiError } from '../../api/api-error';
import { useApi } from '../../api/session';
import { BarChart } from '../../components/bar-chart';
import { FormAlert, SelectField } from '../../components/form-fields';
import { LiveStatus } from '../../components/live-status';
import { Page, Section } from '../../components/page';
import type { UsageReport } from './usage-report';

const GROUPS = [
  { value: 'consumer', label: 'Consumer' },
  { value: 'model', label: 'Model' },
  { value: 'registry', label: 'Registry' },
];
const INTERVALS = [
  { value: 'hour', label: 'Hour' },
  { value: 'day', label: 'Day' },
];

const dollars = (v: number) => `$${v < 0.01 && v > 0 ? v.toFixed(6) : v.toFixed(2)}`;
const number = (v: number) => v.toLocaleString('en-US');

/** A bucket's label: its hour (UTC) for hourly buckets, its date for daily ones. */
function bucketLabel(iso: string, interval: string): string {
  return interval === 'hour' ? `${iso.slice(5, 10)} ${iso.slice(11, 13)}h` : iso.slice(0, 10);
}

export function UsagePage(props: { gatewayId: string }): JSX.Element {
  const api = useApi();
  const gateway = `/v1/gateways/${encodeURIComponent(props.gatewayId)}`;
  const [groupBy, setGroupBy] = useState('consumer');
  const [interval, setBucketInterval] = useState('hour');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [report, setReport] = useState<UsageReport | null>(null);
  const [names, setNames] = useState<Map<string, string>>(new Map());
  const [error, setError] = useState<ApiError | null>(null);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    Promise.all([api.all<{ id: string; slug: string }>(`${gateway}/consumers`), api.all<{ id: string; slug: string }>(`${gateway}/registries`)]).then(
      ([consumers, registries]) => setNames(new Map([...consumers, ...registries].map((r) => [r.id, r.slug]))),
      () => undefined, // ids stay readable when names cannot be listed
    );
  }, [gateway]);
  useEffect(() => {
    const time = (local: string) => (local ? new Date(local).toISOString() : undefined);
    api.get<UsageReport>(`${gateway}/usage`, { group_by: groupBy, interval, from: time(from), to: time(to) }).then(
      (answer) => {
        setReport(answer);
        setError(null);
      },
      setError,
    );
  }, [gateway, reload]);

  const show = (event: Event) => {
    event.preventDefault();
    setReload((n) => n + 1);
  };
  const nameOf = (key: string) => (key ? (names.get(key) ?? key) : '(none)');
  const labels = report ? report.buckets.map((b) => bucketLabel(b, report.interval)) : [];
  const series = (pick: (p: UsageReport['totals']) => number) => (report ? report.groups.map((g) => ({ label: nameOf(g.key), values: g.points.map(pick) })) : []);
  return (
    <Page title="Usage and spend">
      <form onSubmit={show} noValidate class="record-form" aria-label="Usage range">
        <div class="filters">
          <SelectField label="Group by" name="group_by" value={groupBy} onValue={setGroupBy} choices={GROUPS} error={error} />
          <SelectField label="Interval" name="interval" value={interval} onValue={setBucketInterval} choices={INTERVALS} error={error} />
          <div class="field">
            <label for="usage-from">From</label>
            <input id="usage-from" type="datetime-local" value={from} onInput={(e) => setFrom((e.currentTarget as HTMLInputElement).value)} aria-describedby="usage-range-hint" />
          </div>
          <div class="field">
            <label for="usage-to">To</label>
            <input id="usage-to" type="datetime-local" value={to} onInput={(e) => setTo((e.currentTarget as HTMLInputElement).value)} aria-describedby="usage-range-hint" />
          </div>
        </div>
        <p class="hint" id="usage-range-hint">
          Empty: the last 24 hours. At most 93 days, and at most 744 buckets (31 days of hours). Buckets are in UTC.
        </p>
        <FormAlert error={error} fields={['group_by', 'interval']} />
        <button type="submit" class="primary">
          Show usage
        </button>
      </form>
      <LiveStatus message={report ? `${number(report.totals.requests)} requests, ${number(report.totals.input_tokens)} tokens in, ${number(report.totals.output_tokens)} tokens out, ${dollars(report.totals.cost_usd)}.` : null} />
      {report && (
        <>
          {report.truncated && <p class="note">This range holds more rows than one answer reads: the figures are partial. Ask for a shorter range.</p>}
          <BarChart title="Requests" labels={labels} series={series((p) => p.requests)} format={number} />
          <BarChart title="Tokens (in and out)" labels={labels} series={series((p) => p.input_tokens + p.output_tokens)} format={number} />
          <BarChart title="Cost (US dollars, list price)" labels={labels} series={series((p) => p.cost_usd)} format={dollars} />
          <Section title={`By ${groupBy}`}>
            <div class="table-scroll" role="region" aria-label={`Usage by ${groupBy}`} tabIndex={0}>
              <table>
                <caption>Usage by {groupBy}</caption>
                <thead>
                  <tr>
                    <th scope="col">{GROUPS.find((g) => g.value === report.group_by)?.label}</th>
                    <th scope="col">Requests</th>
                    <th scope="col">Tokens in</th>
                    <th scope="col">Tokens out</th>
                    <th scope="col">Cost</th>
                  </tr>
                </thead>
                <tbody>
                  {report.groups.map((g) => (
                    <tr key={g.key}>
                      <th scope="row">{nameOf(g.key)}</th>
                      <td>{number(g.requests)}</td>
                      <td>{number(g.input_tokens)}</td>
                      <td>{number(g.output_tokens)}</td>
                      <td>{dollars(g.cost_usd)}</td>
                    </tr>
                  ))}
                  {report.groups.length === 0 && (
                    <tr>
                      <td colSpan={5}>No proxied request in this range.</td>
                    </tr>
                  )}
                </tbody>
              </table>
            </div>
          </Section>
        </>
      )}
    </Page>
  );
}
