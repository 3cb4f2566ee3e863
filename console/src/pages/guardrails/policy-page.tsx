/**
 * One guardrail policy, in tabs: Basics (with the Observe / Enforce switch), Detector rules,
 * Gates, Consumer overrides. Each save PATCHes the fields it changed and shows the policy the
 * API answers; the policy's warnings stay above the tabs.
 */
import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { ApiError } from '../../api/api-error';
import { useApi } from '../../api/session';
import { useSubmit } from '../../api/use-submit';
import { LiveStatus } from '../../components/live-status';
import { Page } from '../../components/page';
import { Tabs } from '../../components/tabs';
import { Link, navigate } from '../../router';
import type { GuardrailPolicy } from './guardrail-records';
import { PolicyBasics } from './policy-basics';
import { PolicyGates, PolicyOverrides } from './policy-gates';
import { PolicyRules } from './policy-rules';
import { policyWarnings } from './policy-warnings';

const TABS = [
  { id: 'basics', label: 'Basics' },
  { id: 'rules', label: 'Detector rules' },
  { id: 'gates', label: 'Gates' },
  { id: 'overrides', label: 'Consumer overrides' },
];

export function GuardrailPolicyPage(props: { policyId: string }): JSX.Element {
  const api = useApi();
  const path = `/v1/policies/${encodeURIComponent(props.policyId)}`;
  const [policy, setPolicy] = useState<GuardrailPolicy | null>(null);
  const [tab, setTab] = useState('basics');
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const deletion = useSubmit();
  useEffect(() => {
    api.get<GuardrailPolicy>(path, undefined, 'guardrail').then(setPolicy, setError);
  }, [path]);

  /** PATCHes `fields`; answers the API's error for the form to show, or null once saved. */
  const save = async (fields: Partial<GuardrailPolicy>): Promise<ApiError | null> => {
    try {
      const saved = await api.patch<GuardrailPolicy>(path, fields, 'guardrail');
      setPolicy(saved);
      setMessage(`Policy ${saved.name} saved (${saved.mode === 'observe' ? 'Observe' : 'Enforce'}).`);
      return null;
    } catch (err) {
      setMessage(null);
      return err as ApiError;
    }
  };
  const remove = () => {
    if (!policy || !window.confirm(`Delete guardrail policy ${policy.name}?`)) return;
    return deletion.run(async () => {
      await api.delete(path, 'guardrail');
      navigate('/guardrails/policies');
    });
  };
  const warnings = policy ? policyWarnings(policy) : [];
  return (
    <Page
      title={policy ? `Guardrail policy ${policy.name}` : 'Guardrail policy'}
      actions={
        <>
          <Link to="/guardrails/policies">All guardrail policies</Link>
          {policy && (
            <button type="button" class="danger" disabled={deletion.busy} onClick={remove}>
              Delete policy
            </button>
          )}
        </>
      }
    >
      {warnings.length > 0 && (
        <section class="warnings" aria-label="Warnings">
          <h2>Warnings</h2>
          <ul>
            {warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </section>
      )}
      {policy && (
        <Tabs label="Guardrail policy" tabs={TABS} current={tab} onSelect={setTab}>
          {tab === 'basics' && <PolicyBasics key={policy.updated_at} policy={policy} onSave={save} />}
          {tab === 'rules' && <PolicyRules policy={policy} onSave={save} />}
          {tab === 'gates' && <PolicyGates policy={policy} onSave={save} />}
          {tab === 'overrides' && <PolicyOverrides policy={policy} onSave={save} />}
        </Tabs>
      )}
      <LiveStatus message={message} error={deletion.error ?? error} />
    </Page>
  );
}
