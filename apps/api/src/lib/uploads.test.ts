import { describe, expect, it } from 'vitest';
import { IMAGE_SLOTS, withImageSlot } from './uploads.js';

describe('image processing slots', () => {
  it('decodes at most IMAGE_SLOTS images at once; the others wait and all finish', async () => {
    let running = 0;
    let most = 0;
    const work = async (i: number) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 20));
      running--;
      if (i === 3) throw new Error('this image is broken');
      return i;
    };
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => withImageSlot(() => work(i))),
    );
    expect(IMAGE_SLOTS).toBeLessThanOrEqual(2);
    expect(most).toBe(IMAGE_SLOTS);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(7);
    // A failed image frees its slot.
    expect(await withImageSlot(async () => running)).toBe(0);
  });
});
