import type { FastifyInstance } from 'fastify';
import { AppError, validationMessage } from '../lib/errors.js';
import { isUnsafeText, UNSAFE_TEXT_MESSAGE } from '../lib/text.js';

/** How deep and how many fields the guard looks through; bodies are JSON under the body limit. */
const MAX_DEPTH = 32;
const MAX_REPORTED = 20;

/** Names each field (keys included) under `value` whose text is unsafe, as `a.b.0.c`. */
export function unsafeTextFields(value: unknown, path: string, found: Record<string, string>, depth = 0) {
  if (Object.keys(found).length >= MAX_REPORTED) return;
  if (typeof value === 'string') {
    if (isUnsafeText(value)) found[path] = UNSAFE_TEXT_MESSAGE;
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (depth >= MAX_DEPTH) {
    found[path] = 'Nested too deeply.';
    return;
  }
  const entries: Array<[string | number, unknown]> = Array.isArray(value)
    ? [...value.entries()]
    : Object.entries(value);
  for (const [key, item] of entries) {
    const name = path ? `${path}.${String(key)}` : String(key);
    if (typeof key === 'string' && isUnsafeText(key)) found[name] = UNSAFE_TEXT_MESSAGE;
    else unsafeTextFields(item, name, found, depth + 1);
  }
}

/**
 * Refuses, before validation and before anything reaches the database, any path parameter,
 * query parameter or JSON body text that holds a NUL or a lone surrogate: 400 naming each field.
 * Multipart uploads check their file name in lib/uploads.ts.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const fields: Record<string, string> = {};
    unsafeTextFields(request.params, '', fields);
    unsafeTextFields(request.query, '', fields);
    unsafeTextFields(request.body, '', fields);
    if (Object.keys(fields).length === 0) return;
    const named = Object.fromEntries(Object.entries(fields).map(([name, why]) => [name || 'body', why]));
    throw new AppError(400, 'VALIDATION_FAILED', validationMessage(named), { fields: named });
  });
}
