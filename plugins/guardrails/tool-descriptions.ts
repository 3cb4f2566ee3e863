/**
 * Tool poisoning: instructions hidden in a tool's declaration (description, title, the
 * descriptions of its input schema), which a model reads as guidance. `filterTools` sends each
 * declaration to the guardrail service as tool-sourced output (`mcp.method: tools/list`), where
 * indirect_prompt_injection scores it; a tool whose verdict is `block` (or `ask` unless
 * `allow_ask`) is hidden from the consumer's toolkit, and the service's Activity record and a
 * `guardrail.tool_description` finding report it. Verdicts are kept per tool and declaration
 * text for the life of the policy instance (a config snapshot), so a list costs no evaluation
 * after the first time; a failed evaluation is not kept and follows `failure_mode` for that list
 * (fail_open keeps the tool, fail_closed hides it).
 */
import { createHash } from 'node:crypto';
import type { Exchange, McpToolEntry, PluginKit } from '../../core/plugin/index.js';
import { EvaluationFailure, type Verdict } from './service-client.js';
import type { GuardrailsSettings } from './settings.js';
import { evaluatePayload } from './stage-evaluation.js';
import { toolEvaluateBody } from './tool-attributes.js';
import { recordToolVerdict } from './tool-findings.js';
import { declarationPayload, declarationText } from './tool-payloads.js';
import { appliedAction } from './verdict-findings.js';

/** Most verdicts kept; the oldest goes first (a server churning its descriptions cannot grow the gateway). */
const MAX_KEPT = 10_000;

/** What one evaluation of a declaration decided. */
interface Screening {
  /** Absent when the evaluation failed open (the tool is kept, not remembered). */
  verdict?: Verdict;
}

/** A tool whose declaration has no text: nothing to check. */
const NOTHING_TO_CHECK: Promise<Screening> = Promise.resolve({});

/** The `filterTools` tap of one policy instance: hides tools whose declarations the service blocks, remembering verdicts. */
export class DescriptionScreen {
  /** Screenings by declaration digest (tool and text): a tool listed again under a new snapshot of its server's list is not evaluated again. */
  private readonly kept = new Map<string, Promise<Screening>>();
  /** Screenings by toolkit entry (the toolkit hands out the same entry until the server's list changes): a list costs no hashing. */
  private readonly byEntry = new WeakMap<McpToolEntry, Promise<Screening>>();

  constructor(private readonly kit: PluginKit<GuardrailsSettings>) {}

  /** The tools whose declarations pass, in their order. */
  async filter(tools: McpToolEntry[], ctx: Exchange): Promise<McpToolEntry[]> {
    const settings = this.kit.config(ctx);
    const hidden = await Promise.all(tools.map((tool) => this.hides(tool, ctx, settings)));
    return tools.filter((_, i) => !hidden[i]);
  }

  private async hides(tool: McpToolEntry, ctx: Exchange, settings: GuardrailsSettings): Promise<boolean> {
    let screening: Screening;
    try {
      screening = await this.screening(tool, ctx);
    } catch (err) {
      if (!(err instanceof EvaluationFailure)) throw err;
      // fail_closed: a declaration that could not be checked is hidden from this list.
      ctx.findings.push({ plugin: 'guardrails', policyId: this.kit.policy.id, type: 'guardrail.tool_description', action: 'block', detail: { tool: tool.name, reason: 'tool hidden: its description could not be checked (failure_mode fail_closed)' } });
      return true;
    }
    if (!screening.verdict) return false;
    recordToolVerdict(ctx, 'tool_description', tool, screening.verdict, settings, this.kit.policy.id);
    return appliedAction(screening.verdict, settings) === 'block';
  }

  /** The screening of a toolkit entry: remembered for the entry, else for its declaration, else a new evaluation. */
  private screening(tool: McpToolEntry, ctx: Exchange): Promise<Screening> {
    const known = this.byEntry.get(tool);
    if (known) return known;
    const text = declarationText(tool);
    const screening = text ? this.byDeclaration(tool, text, ctx) : NOTHING_TO_CHECK;
    this.byEntry.set(tool, screening);
    // Only verdicts are remembered: a failed evaluation is tried again by the next list.
    screening.then(
      ({ verdict }) => !verdict && text && this.byEntry.delete(tool),
      () => this.byEntry.delete(tool),
    );
    return screening;
  }

  private byDeclaration(tool: McpToolEntry, text: string, ctx: Exchange): Promise<Screening> {
    const key = createHash('sha256').update(tool.name).update('\u0000').update(text).digest('base64url');
    const known = this.kept.get(key);
    if (known) return known;
    const payload = declarationPayload(text);
    const screening = evaluatePayload(this.kit, ctx, text, { body: payload, slots: [], invariants: [] }, toolEvaluateBody(ctx, 'tool_description', tool, payload)).then(({ verdict }) => ({ verdict }));
    this.kept.set(key, screening);
    if (this.kept.size > MAX_KEPT) this.kept.delete(this.kept.keys().next().value!);
    screening.then(
      ({ verdict }) => !verdict && this.kept.get(key) === screening && this.kept.delete(key),
      () => this.kept.get(key) === screening && this.kept.delete(key),
    );
    return screening;
  }
}
