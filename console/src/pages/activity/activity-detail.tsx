/** The detail view of one Activity record: its attribution and each finding (never payload text: records hold none). */
import { Fragment, type JSX } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { statusName } from '../guardrails/guardrail-records';

/** A finding as recorded (spec 2.7). */
export interface Finding {
  source: { kind: string; plugin: string; detector_name?: string };
  signal: { type: string; confidence: number };
  outcome: { action: string };
  evidence: { masked: number; entities: string[]; truncated?: number };
}

/** One Activity record (`GET /v1/activity`). */
export interface ActivityRecord {
  id: string;
  at: string;
  trace_id: string;
  request_id: string;
  collector_id: string;
  collector_type: string;
  key_id: string;
  endpoint: string;
  direction: string;
  protocol: string;
  consumer_id: string | null;
  session_id: string | null;
  policy_id: string | null;
  mode: string | null;
  status: string;
  findings: Finding[];
  attributes: Record<string, string>;
  duration_ms: number;
}

export function ActivityDetail(props: { record: ActivityRecord; collectorName: string; onClose(): void }): JSX.Element {
  const r = props.record;
  const first = useRef<HTMLDListElement>(null);
  useEffect(() => first.current?.focus(), [r.id]);
  const rows: Array<[string, string]> = [
    ['Time', new Date(r.at).toLocaleString()],
    ['Status', statusName(r.status)],
    ['Policy mode', r.mode === 'observe' ? 'Observe' : r.mode === 'enforce' ? 'Enforce' : 'No policy applied'],
    ['Direction', r.direction],
    ['Protocol', r.protocol],
    ['Collector', `${props.collectorName} (${r.collector_type})`],
    ['Consumer', r.consumer_id ?? ''],
    ['Session', r.session_id ?? ''],
    ['Trace id', r.trace_id],
    ['Request id', r.request_id],
    ['Policy', r.policy_id ?? ''],
    ['Duration', `${r.duration_ms} ms`],
    ...Object.entries(r.attributes ?? {}).map(([name, value]): [string, string] => [name, value]),
  ];
  return (
    <div>
      <dl class="details" tabIndex={-1} ref={first} aria-label="Evaluation">
        {rows.map(([name, value]) => (
          <Fragment key={name}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
      <h3>Findings</h3>
      {r.findings.length === 0 ? (
        <p>None: nothing fired.</p>
      ) : (
        <ul class="rule-list" aria-label="Findings">
          {r.findings.map((f, i) => (
            <li key={i}>
              <strong>{f.source.kind === 'gate' && f.outcome.action === 'report' ? 'Report' : statusName(f.outcome.action)}</strong> by {f.source.kind} <code>{f.source.detector_name ?? f.source.plugin}</code>: {f.signal.type}, confidence {f.signal.confidence}
              {f.evidence.entities.length > 0 && <>; found {f.evidence.entities.join(', ')}</>}
              {f.evidence.masked > 0 && <>; {f.evidence.masked} masked</>}
              {f.evidence.truncated ? <>; {f.evidence.truncated} more not listed</> : null}
            </li>
          ))}
        </ul>
      )}
      <button type="button" onClick={props.onClose}>
        Close detail
      </button>
    </div>
  );
}
