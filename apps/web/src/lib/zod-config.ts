import { config } from 'zod';

/**
 * Zod compiles object parsers with `new Function` unless told not to; under the strict
 * Content-Security-Policy (no 'unsafe-eval') even its guarded probe is reported as a violation.
 * Imported first by main.tsx, before any schema is built. A named import, so that the first page
 * load does not bring the whole of zod with it.
 */
config({ jitless: true });
