/**
 * A LangChain chat model for tests that answers each call with the next scripted AI message (the
 * last one repeats) and records the messages and tools of every call. It supports tool calling
 * (`bindTools` keeps the tools and returns the model), so `createAgent` runs its full loop.
 */
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, type BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';

/** One scripted answer: its text and the tool calls it asks for. */
export interface ScriptedAnswer {
  text: string;
  toolCalls?: { id: string; name: string; args: Record<string, unknown> }[];
}

export class ScriptedChatModel extends BaseChatModel {
  /** The messages of each call, in order. */
  readonly calls: BaseMessage[][] = [];
  /** The names of the tools bound for the last call. */
  boundTools: string[] = [];
  private readonly answers: ScriptedAnswer[];

  constructor(...answers: ScriptedAnswer[]) {
    super({});
    this.answers = answers.length ? answers : [{ text: 'ok' }];
  }

  _llmType(): string {
    return 'scripted';
  }

  override bindTools(tools: unknown[]): this {
    this.boundTools = tools.map((tool) => (tool as { name?: string }).name ?? '');
    return this;
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    this.calls.push(messages);
    const answer = this.answers.length > 1 ? this.answers.shift()! : this.answers[0];
    const message = new AIMessage({
      content: answer.text,
      tool_calls: (answer.toolCalls ?? []).map((call) => ({ ...call, type: 'tool_call' as const })),
      response_metadata: { model_name: 'scripted-model' },
    });
    return { generations: [{ text: answer.text, message }] };
  }
}
