/**
 * Every `import ... from 'zod'` of the web build (the app's and the shared package's) resolves to
 * this module (the `zod` alias in vite.config.ts): zod, configured before anything can build a
 * schema with it. Zod compiles object parsers with `new Function` unless told not to; under the
 * strict Content-Security-Policy (no 'unsafe-eval') even its guarded probe is reported as a
 * violation. Nothing imports this module for its effect alone, so zod arrives with the first
 * chunk that builds a schema, not with the first page load.
 *
 * Refused fields read the shared sentences (`fieldMessage`, decision 036), the words the API
 * answers with, never zod's own ("Too big: expected string to have <=100 characters"). The map
 * comes from its own entry of the shared package: the package's index builds schemas, which
 * import this module.
 */
import { fieldMessage } from '@kindred/shared/field-messages';
import { config } from 'zod/v4/core';

config({ jitless: true, customError: fieldMessage });

export * from 'zod/v4';
export { default, z } from 'zod/v4';
