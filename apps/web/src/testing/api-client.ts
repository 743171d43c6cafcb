import { afterEach, beforeEach } from 'vitest';
import { resetApiClient } from '@/lib/api-client';

/** Each test of the calling block starts and ends with the API client as it is by default. */
export function freshApiClientForEachTest() {
  beforeEach(() => {
    resetApiClient();
  });
  afterEach(() => {
    resetApiClient();
  });
}
