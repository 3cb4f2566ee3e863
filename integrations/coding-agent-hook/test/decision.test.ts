/**
 * The decision table of decision.ts: each verdict, fail open and closed, ask with and without a
 * user, transform with both transform_action values, audit-only events, in each event's words.
 */
import { expect } from 'chai';
import { EvaluateFailure, type EvaluateResult, type Verdict } from '../../evaluate-client/src/index.js';
import { decide, type DecisionContext } from '../src/claude-code/decision.js';

const verdict = (status: Verdict): EvaluateResult => ({
  outcome: 'verdict',
  answer: {
    status,
    trace_id: 'tr-1',
    request_id: 'rq-1',
    findings: status === 'allow' ? [] : [{ source: { kind: 'detector', plugin: 'p', detector_name: 'data_loss_prevention' }, signal: { type: 'email', confidence: 1 }, outcome: { action: status }, evidence: { masked: 1 } }],
  },
});
const unreachable = new EvaluateFailure('unreachable', 'the guardrail service could not be reached: ECONNREFUSED');

const context = (changes: Partial<DecisionContext> = {}): DecisionContext => ({ event: 'PreToolUse', mode: 'enforce', transformAction: 'ask', userPresent: true, ...changes });
const permission = (result: EvaluateResult, changes: Partial<DecisionContext> = {}) => decide(result, context(changes)).hookSpecificOutput?.permissionDecision;

describe('coding-agent hook: the decision Claude Code is told', () => {
  it('PreToolUse: allow and report print nothing; block denies; ask asks; transform asks or denies', () => {
    expect(decide(verdict('allow'), context())).to.deep.equal({});
    expect(decide(verdict('report'), context())).to.deep.equal({});
    expect(permission(verdict('block'))).to.equal('deny');
    expect(permission(verdict('ask'))).to.equal('ask');
    expect(permission(verdict('transform'))).to.equal('ask');
    expect(permission(verdict('transform'), { transformAction: 'deny' })).to.equal('deny');
  });

  it('an ask or a transform with no user present is denied', () => {
    expect(permission(verdict('ask'), { userPresent: false })).to.equal('deny');
    expect(permission(verdict('transform'), { userPresent: false })).to.equal('deny');
    expect(decide(verdict('ask'), context({ event: 'UserPromptSubmit', userPresent: false }))).to.include({ decision: 'block' });
    expect(decide(verdict('ask'), context({ event: 'PostToolUse', userPresent: false }))).to.include({ decision: 'block' });
  });

  it('UserPromptSubmit: block blocks; ask submits with a warning', () => {
    const blocked = decide(verdict('block'), context({ event: 'UserPromptSubmit' }));
    expect(blocked).to.include({ decision: 'block' });
    expect(blocked.reason).to.contain('data_loss_prevention (email)').and.contain('tr-1');
    const asked = decide(verdict('ask'), context({ event: 'UserPromptSubmit' }));
    expect(asked).to.not.have.property('decision');
    expect(asked.systemMessage).to.contain('submitted with this warning');
  });

  it('PostToolUse: block hands the reason to the model; ask flags the result', () => {
    expect(decide(verdict('block'), context({ event: 'PostToolUse' }))).to.include({ decision: 'block' });
    const flagged = decide(verdict('ask'), context({ event: 'PostToolUse' }));
    expect(flagged).to.not.have.property('decision');
    expect(flagged.hookSpecificOutput).to.include({ hookEventName: 'PostToolUse' });
    expect(flagged.hookSpecificOutput?.additionalContext).to.contain('approval required');
  });

  it('fail closed denies or blocks, fail open warns only', () => {
    expect(permission({ outcome: 'fail_closed', failure: unreachable })).to.equal('deny');
    expect(decide({ outcome: 'fail_closed', failure: unreachable }, context({ event: 'UserPromptSubmit' }))).to.include({ decision: 'block' });
    const open = decide({ outcome: 'fail_open', failure: unreachable }, context());
    expect(open).to.have.keys('systemMessage');
    expect(open.systemMessage).to.contain('uninspected');
  });

  it('an audit-only event prints nothing, whatever the verdict or failure', () => {
    for (const result of [verdict('block'), verdict('ask'), { outcome: 'fail_closed', failure: unreachable } as EvaluateResult]) {
      expect(decide(result, context({ event: 'UserPromptSubmit', mode: 'audit' }))).to.deep.equal({});
    }
  });
});
