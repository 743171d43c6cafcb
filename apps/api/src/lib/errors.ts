/**
 * An error the product answers with on purpose. The error handler turns it into the public body
 * `{"error": {"code", "message", "details"}}` (docs/product/wire-contract.md#errors).
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** 'post_code' -> 'post code', 'skill_needs.0.hours' -> 'skill needs 1 hours'. */
function spoken(field: string): string {
  return field
    .split('.')
    .map((part) => (/^\d+$/.test(part) ? String(Number(part) + 1) : part.replaceAll('_', ' ')))
    .join(' ');
}

/**
 * The refusal's sentence: which fields to check, in words, with the one field's message when
 * there is one ('Check the hours. Enter a whole number of hours between 1 and 10,000.').
 */
export function validationMessage(fields: Readonly<Record<string, string>>): string {
  const entries = Object.entries(fields);
  const only = entries.length === 1 ? entries[0] : undefined;
  if (only) return `Check the ${spoken(only[0])}. ${only[1]}`;
  const names = entries.map(([field]) => `the ${spoken(field)}`);
  if (names.length === 0) return 'Some of what was sent is not valid. Check it and try again.';
  return `Check ${names.slice(0, -1).join(', ')} and ${names.at(-1)}.`;
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, 'VALIDATION_FAILED', message, fields ? { fields } : undefined);
export const unauthorized = (
  message = 'Sign in to continue.',
  code = 'UNAUTHORIZED',
  fields?: Record<string, string>,
) => new AppError(401, code, message, fields ? { fields } : undefined);
export const forbidden = (message = 'You are not allowed to do this.') =>
  new AppError(403, 'FORBIDDEN', message);
export const notFound = (what: string) => new AppError(404, 'NOT_FOUND', `${what} was not found.`);
/** A refusal that one field explains (a duplicate email) names it in `details.fields`, as 400s do. */
export const conflict = (code: string, message: string, fields?: Record<string, string>) =>
  new AppError(409, code, message, fields ? { fields } : undefined);
