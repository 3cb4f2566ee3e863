/**
 * The non-chat operation handlers of a proxy plane (spec 4.2), keyed by the operation its
 * routes parse to; registered with the proxy app next to the model list.
 */
import type { Operation } from '../../pipeline/exchange.js';
import type { OperationHandler } from '../app.js';
import type { ProxyRuntime } from '../runtime.js';
import { audioOperation } from './audio-operation.js';
import { embeddingsOperation } from './embeddings-operation.js';
import { filesOperation } from './files-operation.js';
import { imagesOperation } from './images-operation.js';
import { rerankOperation } from './rerank-operation.js';

/** Handlers for embeddings, rerank, audio, images and files, sharing the plane's runtime. */
export function operationHandlers(runtime: ProxyRuntime): Partial<Record<Operation, OperationHandler>> {
  return {
    embeddings: embeddingsOperation(runtime),
    rerank: rerankOperation(runtime),
    audio: audioOperation(runtime),
    images: imagesOperation(runtime),
    files: filesOperation(runtime),
  };
}
