import { randomUUID } from 'node:crypto';
import { buildTemplate, dropTemplate } from './template.js';

/** Builds the template database once for the whole API suite. */
export default async function setup() {
  process.env.VITEST_TEMPLATE_ID = randomUUID().replace(/-/g, '').slice(0, 12);
  await buildTemplate();
  return async () => {
    await dropTemplate();
  };
}
