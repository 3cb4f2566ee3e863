import { randomUUID } from 'node:crypto';
import type { EncodeContext, StreamEncoder, StreamEvent, Usage } from '../../../core/plugin/index.js';
import { sseFrame } from './sse-frame.js';
import { encodeStopReason } from './stop-reason.js';
import { encodeUsage } from './usage.js';

/**
 * Canonical stream events -> the client's Messages SSE
 * (https://docs.anthropic.com/en/docs/build-with-claude/streaming). Anthropic blocks are
 * sequential and numbered from 0 in the order they start (the SDKs append each
 * `content_block_start` and address deltas by that number), so canonical part indexes are
 * renumbered, and a block still open is stopped when the next one starts.
 */

const FORMAT = 'anthropic-messages';

type Kind = 'text' | 'thinking' | 'tool' | 'native';

interface OpenedBlock {
  /** The Anthropic block index. */
  at: number;
  kind: Kind;
  stopped: boolean;
}

/** An encoder for one client stream. */
export function createStreamEncoder(context: EncodeContext): StreamEncoder {
  const blocks = new Map<number, OpenedBlock>();
  let nextIndex = 0;
  let current: OpenedBlock | undefined;
  let started = false;
  let messageId: string | undefined;
  let finishEvent: Extract<StreamEvent, { type: 'finish' }> | undefined;
  let failed = false;
  let usage: Usage | undefined;

  /**
   * `message_start` is written with the first event that needs it, not at `start`, so the
   * prompt usage an upstream reports right after its start (Anthropic's own) is in it.
   */
  const start = (): string => {
    if (started) return '';
    started = true;
    const message = {
      id: messageId ?? `msg_${randomUUID().replace(/-/g, '')}`,
      type: 'message',
      role: 'assistant',
      model: context.model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: encodeUsage(usage),
    };
    return sseFrame('message_start', { type: 'message_start', message }) + sseFrame('ping', { type: 'ping' });
  };

  const stopCurrent = (): string => {
    if (!current || current.stopped) return '';
    current.stopped = true;
    const frame = sseFrame('content_block_stop', { type: 'content_block_stop', index: current.at });
    current = undefined;
    return frame;
  };

  /** Starts a new block for canonical part `index`, stopping the one before. */
  const open = (index: number, kind: Kind, contentBlock: object): { frames: string; block: OpenedBlock } => {
    const frames = start() + stopCurrent();
    const block: OpenedBlock = { at: nextIndex++, kind, stopped: false };
    blocks.set(index, block);
    current = block;
    return { frames: frames + sseFrame('content_block_start', { type: 'content_block_start', index: block.at, content_block: contentBlock }), block };
  };

  /** The block of part `index`, started with `contentBlock` when it has none yet. */
  const blockFor = (index: number, kind: Kind, contentBlock: () => object): { frames: string; block: OpenedBlock } => {
    const existing = blocks.get(index);
    return existing ? { frames: '', block: existing } : open(index, kind, contentBlock());
  };

  const delta = (block: OpenedBlock, payload: object): string =>
    sseFrame('content_block_delta', { type: 'content_block_delta', index: block.at, delta: payload });

  /**
   * `message_delta` carries the stop reason and the final usage. It is written on close, not at
   * `finish`: some upstreams report usage after their finish reason (OpenAI's usage chunk).
   */
  const messageDelta = (): string => {
    const event = finishEvent ?? { type: 'finish', finish_reason: 'stop' };
    const body = {
      type: 'message_delta',
      delta: {
        stop_reason: encodeStopReason(event.finish_reason, event.stop_sequence, event.native_finish_reason),
        stop_sequence: event.stop_sequence ?? null,
      },
      usage: encodeUsage(usage),
    };
    return sseFrame('message_delta', body);
  };

  function write(event: StreamEvent): string {
    if (failed) return '';
    switch (event.type) {
      case 'start':
        messageId ??= event.id;
        return '';
      case 'usage':
        usage = event.usage;
        return '';
      case 'text_delta': {
        if (event.text === '') return '';
        const { frames, block } = blockFor(event.index, 'text', () => ({ type: 'text', text: '' }));
        return frames + delta(block, { type: 'text_delta', text: event.text });
      }
      case 'thinking_delta': {
        if (event.text === '') return '';
        const { frames, block } = blockFor(event.index, 'thinking', () => ({ type: 'thinking', thinking: '', signature: '' }));
        return frames + delta(block, { type: 'thinking_delta', thinking: event.text });
      }
      case 'thinking_signature': {
        const existing = blocks.get(event.index);
        if (!existing && event.redacted_data !== undefined && event.id === undefined) {
          return open(event.index, 'thinking', { type: 'redacted_thinking', data: event.redacted_data }).frames;
        }
        // Only an Anthropic signature verifies; other providers' reasoning ids and data stay behind.
        if (!event.signature || event.id !== undefined) return '';
        const { frames, block } = blockFor(event.index, 'thinking', () => ({ type: 'thinking', thinking: '', signature: '' }));
        return frames + delta(block, { type: 'signature_delta', signature: event.signature });
      }
      case 'tool_call_start':
        return open(event.index, 'tool', { type: 'tool_use', id: event.id, name: event.name, input: {} }).frames;
      case 'tool_call_delta': {
        const block = blocks.get(event.index);
        if (!block || event.arguments === '') return '';
        return delta(block, { type: 'input_json_delta', partial_json: event.arguments });
      }
      case 'part_end': {
        let frames = '';
        let block = blocks.get(event.index);
        if (!block && event.native?.format === FORMAT) {
          const opened = open(event.index, 'native', event.native.block);
          frames += opened.frames;
          block = opened.block;
        }
        if (!block || block.stopped) return frames;
        if (block.kind === 'text') for (const citation of event.citations ?? []) frames += delta(block, { type: 'citations_delta', citation });
        if (block === current) return frames + stopCurrent();
        block.stopped = true;
        return frames + sseFrame('content_block_stop', { type: 'content_block_stop', index: block.at });
      }
      case 'finish':
        finishEvent = event;
        if (event.usage) usage = event.usage;
        return start() + stopCurrent();
      case 'error':
        failed = true;
        return sseFrame('error', { type: 'error', error: { type: event.error_type, message: event.message } });
    }
  }

  return {
    open: () => '',
    write,
    close() {
      if (failed) return '';
      return start() + stopCurrent() + messageDelta() + sseFrame('message_stop', { type: 'message_stop' });
    },
    fail(message: string, type: string) {
      failed = true;
      return sseFrame('error', { type: 'error', error: { type, message } });
    },
  };
}
