import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

/* How a money call names its Idempotency-Key; the keys themselves are kept by the ledger module
   (modules/ledger/idempotency.ts), in the transaction of the money they move. */

export interface IdempotentResult<T> {
  statusCode: number;
  body: T;
}

export interface IdempotencyRequest {
  /** Who used the key on which call, e.g. "user:12 POST /api/user/deposit". */
  scope: string;
  key: string | undefined;
  requestHash: string;
}

/** Reads the `Idempotency-Key` header of a money-moving call (optional, 1 to 200 visible characters). */
export function idempotencyOf(request: FastifyRequest, who: string): IdempotencyRequest {
  const header = request.headers['idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  if (key !== undefined && !/^[\x21-\x7e]{1,200}$/.test(key)) {
    throw new AppError(
      400,
      'VALIDATION_FAILED',
      'The Idempotency-Key header must be 1 to 200 visible characters.',
      {
        fields: { 'Idempotency-Key': 'Not valid.' },
      },
    );
  }
  const route = request.routeOptions.url ?? request.url;
  const requestHash = createHash('sha256')
    .update(JSON.stringify([request.method, request.url.split('?')[0], request.body ?? null]))
    .digest('hex');
  return { scope: `${who} ${request.method} ${route}`, key, requestHash };
}
