/**
 * An error the product answers with on purpose. The error handler turns it into the public body
 * `{"error": {"code", "message", "details"}}` (domain.md §1).
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
