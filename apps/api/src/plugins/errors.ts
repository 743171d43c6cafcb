import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.js';

interface PublicError {
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
};

function fieldName(path: ReadonlyArray<PropertyKey>, where: string): string {
  const name = path.map(String).join('.');
  return name || where;
}

export function toPublicError(error: FastifyError | Error): PublicError {
  if (error instanceof AppError) {
    return { statusCode: error.statusCode, code: error.code, message: error.message, details: error.details };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    const where = (error as FastifyError).validationContext ?? 'body';
    for (const issue of error.validation) {
      const name = fieldName(issue.instancePath.split('/').filter(Boolean), where);
      const message = issue.message ?? 'Not valid.';
      fields[name] ??= /received undefined$/.test(message) ? 'Required.' : message;
    }
    const list = Object.keys(fields).join(', ');
    return {
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: `Some fields are not valid: ${list}.`,
      details: { fields },
    };
  }
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

/** One error handler for the whole API: every failure leaves in the public error format. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const result = toPublicError(error);
    if (result.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: result.code }, result.message);
    const body: { error: Omit<PublicError, 'statusCode'> } = {
      error: { code: result.code, message: result.message },
    };
    if (result.details) body.error.details = result.details;
    if (result.statusCode === 429 && error && 'headers' in error) {
      // rate-limit sets Retry-After on its own reply; keep it.
    }
    return reply.status(result.statusCode).send(body);
  });
}
