/**
 * Maps MongoDB driver errors onto the contract's StoreError codes, so repositories handle a
 * duplicate key or an outage the same way on either backend.
 */
import {
  MongoClientClosedError,
  MongoInvalidArgumentError,
  MongoNetworkError,
  MongoNotConnectedError,
  MongoServerClosedError,
  MongoServerError,
  MongoServerSelectionError,
  MongoTopologyClosedError,
  MongoOperationTimeoutError,
} from 'mongodb';
import { StoreError } from '../types.js';

// Server codes meaning "the query or update itself is wrong".
const INVALID_QUERY_CODES = new Set([
  2, // BadValue
  9, // FailedToParse
  14, // TypeMismatch
  40, // ConflictingUpdateOperators
  51, // UnknownError on $regex and friends
  52, // DollarPrefixedFieldName
  56, // EmptyFieldName
  57, // DottedFieldName
  66, // ImmutableField (_id)
  67, // CannotCreateIndex
  85, // IndexOptionsConflict
  86, // IndexKeySpecsConflict
  17419, // $jsonSchema shape errors
]);

/** The fields of a duplicate-key error, from `keyPattern` or else from the message. */
function duplicateFields(error: MongoServerError): string[] | undefined {
  const pattern = (error.keyPattern ?? error.errorResponse?.keyPattern) as Record<string, unknown> | undefined;
  if (pattern && typeof pattern === 'object') return Object.keys(pattern);
  const match = /dup key: \{ (.*) \}/.exec(error.message);
  if (!match) return undefined;
  return [...match[1]!.matchAll(/(?:^|, )"?([\w.$]+)"?: /g)].map((m) => m[1]!);
}

/** The StoreError a driver error stands for, or the error itself when none fits. */
export function toStoreError(error: unknown): unknown {
  if (error instanceof StoreError) return error;
  if (error instanceof MongoServerError) {
    const code = Number(error.code);
    if (code === 11000 || code === 11001) return new StoreError('duplicate_key', error.message, duplicateFields(error));
    if (code === 121) return new StoreError('validation_failed', error.message);
    if (code === 20 && /transaction/i.test(error.message)) {
      return new StoreError('unavailable', `MongoDB needs a replica set for atomic writes: ${error.message}`);
    }
    if (INVALID_QUERY_CODES.has(code)) return new StoreError('invalid_query', error.message);
    return error;
  }
  // The driver's own argument checks (an update without operators, a replacement with them).
  if (error instanceof MongoInvalidArgumentError) return new StoreError('invalid_query', error.message);
  if (
    error instanceof MongoNetworkError ||
    error instanceof MongoServerSelectionError ||
    error instanceof MongoNotConnectedError ||
    error instanceof MongoTopologyClosedError ||
    error instanceof MongoClientClosedError ||
    error instanceof MongoServerClosedError ||
    error instanceof MongoOperationTimeoutError
  ) {
    return new StoreError('unavailable', `MongoDB unavailable: ${(error as Error).message}`);
  }
  return error;
}
