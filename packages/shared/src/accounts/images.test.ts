import { describe, expect, it } from 'vitest';
import { imageUrl } from './images.js';

describe('imageUrl', () => {
  it('names the variant of a stored picture', () => {
    expect(imageUrl('/api/files/logos/ab12', 'small')).toBe('/api/files/logos/ab12_small.webp');
  });

  it('keeps a signed link working: the variant goes before the signature', () => {
    expect(imageUrl('/api/files/gallery/ab12?u=7&e=1795828800&s=x-Y_z', 'big')).toBe(
      '/api/files/gallery/ab12_big.webp?u=7&e=1795828800&s=x-Y_z',
    );
  });
});
