import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/helpers.js';

const t = useTestApp();

describe('states and cities', () => {
  it('lists the 12 UK regions by name', async () => {
    const res = await t.request('GET', '/api/state/by_country/1');
    expect(res.statusCode).toBe(200);
    const names = res.json().items.map((s: { name: string }) => s.name);
    expect(names).toHaveLength(12);
    expect(names).toEqual([...names].sort());
    expect(names).toEqual(
      expect.arrayContaining(['London', 'Scotland', 'Wales', 'Northern Ireland', 'South West']),
    );
  });

  it('has no regions for an unknown country', async () => {
    const res = await t.request('GET', '/api/state/by_country/2');
    expect(res.json().items).toEqual([]);
  });

  it('finds towns by name prefix with their coordinates', async () => {
    const states = (await t.request('GET', '/api/state/by_country/1')).json().items as Array<{
      id: number;
      name: string;
    }>;
    const scotland = states.find((s) => s.name === 'Scotland');
    const res = await t.request('GET', `/api/city/by_state/${scotland?.id}?q=edin`);
    expect(res.statusCode).toBe(200);
    const edinburgh = res.json().items.find((c: { name: string }) => c.name === 'Edinburgh');
    expect(edinburgh.latitude).toBeCloseTo(55.95, 1);
    expect(edinburgh.longitude).toBeCloseTo(-3.19, 1);
  });

  it('pages through a region with keyset cursors, forwards and back, without gaps or repeats', async () => {
    const first = (await t.request('GET', '/api/city/by_state/7?limit=25')).json();
    expect(first.items).toHaveLength(25);
    expect(first.prev_cursor).toBeNull();
    const second = (
      await t.request('GET', `/api/city/by_state/7?limit=25&cursor=${first.next_cursor}`)
    ).json();
    expect(second.items).toHaveLength(25);
    const names = [...first.items, ...second.items].map((c: { name: string }) => c.name);
    expect(new Set(names).size).toBe(50);
    const back = (
      await t.request('GET', `/api/city/by_state/7?limit=25&direction=before&cursor=${second.prev_cursor}`)
    ).json();
    expect(back.items).toEqual(first.items);
  });

  it('answers bad input with 400 and an unknown region with 404', async () => {
    expect((await t.request('GET', '/api/city/by_state/abc')).statusCode).toBe(400);
    expect((await t.request('GET', '/api/city/by_state/7?limit=1000')).statusCode).toBe(400);
    expect((await t.request('GET', '/api/city/by_state/7?cursor=garbage')).statusCode).toBe(400);
    expect((await t.request('GET', '/api/city/by_state/999')).statusCode).toBe(404);
  });
});
