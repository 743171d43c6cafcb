import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { fieldMessage } from '@kindred/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isDatabaseUnavailable } from '../db/client.js';
import { AppError, validationMessage } from '../lib/errors.js';

export interface PublicError {
  statusCode: number;
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

/** Fastify's own 4xx errors, in the product's words. */
const FASTIFY_CODES: Record<string, { code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'INVALID_JSON', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'INVALID_JSON', message: 'The request body is empty.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'INVALID_CONTENT_LENGTH',
    message: 'The Content-Length header does not match the body.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'This content type is not accepted here.',
  },
  FST_REQ_FILE_TOO_LARGE: { code: 'FILE_TOO_LARGE', message: 'The file is too large.' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Send the file as multipart/form-data.',
  },
  FST_ERR_VALIDATION: { code: 'VALIDATION_FAILED', message: 'Some fields are not valid.' },
  FST_ERR_BAD_URL: {
    code: 'BAD_URL',
    message: 'The address is not valid: it has a broken percent-encoding.',
  },
  FST_ERR_MAX_PARAM_LENGTH: { code: 'URI_TOO_LONG', message: 'A part of the address is too long.' },
};

/** How long a caller should wait before trying again when the database is away. */
const RETRY_AFTER_SECONDS = 5;

export const DATABASE_UNAVAILABLE: PublicError = {
  statusCode: 503,
  code: 'SERVICE_UNAVAILABLE',
  message: 'The service is briefly unavailable. Please try again in a moment.',
};

function fieldName(path: ReadonlyArray<PropertyKey>, where: string): string {
  const name = path.map(String).join('.');
  return name || where;
}

/** What a field the call does not take answers (an unknown key of a strict body). */
export const UNKNOWN_FIELD_MESSAGE = 'This field is not accepted here: leave it out.';

/** Refused fields read the shared sentences (decision 036), not zod's own words. */
z.config({ customError: fieldMessage });

export function toPublicError(error: FastifyError | Error): PublicError {
  if (error instanceof AppError) {
    return { statusCode: error.statusCode, code: error.code, message: error.message, details: error.details };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    const where = (error as FastifyError).validationContext ?? 'body';
    for (const issue of error.validation) {
      const path = issue.instancePath.split('/').filter(Boolean);
      const unknown =
        issue.keyword === 'unrecognized_keys' ? (issue.params.keys as string[] | undefined) : undefined;
      if (unknown?.length) {
        // Each field the call does not take is named, rather than the object holding it.
        for (const key of unknown) fields[fieldName([...path, key], where)] ??= UNKNOWN_FIELD_MESSAGE;
        continue;
      }
      fields[fieldName(path, where)] ??= issue.message ?? 'This value is not accepted here.';
    }
    return {
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: validationMessage(fields),
      details: { fields },
    };
  }
  if (isDatabaseUnavailable(error)) return DATABASE_UNAVAILABLE;
  const fastifyError = error as FastifyError;
  const status = fastifyError.statusCode ?? 500;
  if (status === 429) {
    return {
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: 'Too many requests. Please wait and try again.',
    };
  }
  if (status >= 400 && status < 500) {
    const known = fastifyError.code ? FASTIFY_CODES[fastifyError.code] : undefined;
    return {
      statusCode: status,
      code: known?.code ?? 'BAD_REQUEST',
      message: known?.message ?? 'The request could not be understood.',
    };
  }
  return {
    statusCode: 500,
    code: 'INTERNAL_ERROR',
    message: 'Something went wrong on our side. Please try again.',
  };
}

/** The public body of an error: `{"error": {"code", "message", "details"}}` (details only when there are some). */
export function errorBody(result: PublicError) {
  const body: { error: Omit<PublicError, 'statusCode'> } = {
    error: { code: result.code, message: result.message },
  };
  if (result.details) body.error.details = result.details;
  return body;
}

function replyWithError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const result = toPublicError(error);
  if (result === DATABASE_UNAVAILABLE) {
    request.log.warn({ err: error }, 'database unavailable');
    reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  } else if (result.statusCode >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.info({ code: result.code }, result.message);
  const retryAfter = result.details?.retry_after_seconds;
  if (result.statusCode === 429 && typeof retryAfter === 'number')
    reply.header('retry-after', String(retryAfter));
  return reply.status(result.statusCode).send(errorBody(result));
}

/** One error handler for the whole API: every failure leaves in the public error format. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(replyWithError);
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route runs (a broken
 * percent-encoding, a path parameter over `maxParamLength`) leaves in the public format too.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  return replyWithError(error, request, reply);
}

/**
 * The HTTP server's `clientError`: requests Node cannot parse (headers or request line over its
 * limit, a malformed request line, a body that runs into the next request) never reach Fastify's
 * error handler, so the answer is written on the socket here, in the public format.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let result: PublicError;
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT' || error.code === 'ERR_HTTP_HEADERS_TIMEOUT') {
    result = { statusCode: 408, code: 'REQUEST_TIMEOUT', message: 'The request took too long to arrive.' };
  } else if (error.code === 'HPE_HEADER_OVERFLOW') {
    result = {
      statusCode: 431,
      code: 'HEADERS_TOO_LARGE',
      message: 'The address or the headers of the request are too large.',
    };
  } else {
    result = { statusCode: 400, code: 'BAD_REQUEST', message: 'The request could not be understood.' };
  }
  this.log.debug({ code: error.code }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify(errorBody(result));
    socket.write(
      [
        `HTTP/1.1 ${result.statusCode} ${STATUS_CODES[result.statusCode]}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Cache-Control: no-store',
        'X-Content-Type-Options: nosniff',
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
  }
  socket.destroy(error);
}

interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [property: string]: unknown;
}

/** Properties of an error worth logging: none of them holds a value a person typed. */
const LOGGED_PROPERTIES = [
  'code',
  'statusCode',
  'errno',
  'syscall',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'routine',
  'dataType',
] as const;

/**
 * How errors are logged (the `err` serialiser of the app's logger). A failed query is logged
 * with its SQL text but never its parameters (names, addresses, phone and National Insurance
 * numbers): drizzle puts them in its message and PostgreSQL repeats row values in `detail`, so
 * neither is logged, and a data error's message hides the value it quotes.
 */
export function serializeLoggedError(error: Error, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const props = error as Error & Record<string, unknown>;
  const failedQuery = typeof props.query === 'string' && 'params' in props;
  let message = failedQuery ? `Failed query: ${props.query}` : error.message;
  if (typeof props.code === 'string' && props.code.startsWith('22')) {
    message = message.replace(/: ".*"$/s, ': "[value hidden]"');
  }
  // The stack's first lines repeat the message: keep only the frames.
  const stack = (error.stack ?? '')
    .split('\n')
    .filter((line) => line.startsWith('    at '))
    .join('\n');
  const logged: LoggedError = { type: error.name, message, stack };
  if (failedQuery) logged.query = props.query;
  for (const name of LOGGED_PROPERTIES) if (props[name] !== undefined) logged[name] = props[name];
  if (error.cause instanceof Error && depth < 3) logged.cause = serializeLoggedError(error.cause, depth + 1);
  return logged;
}
