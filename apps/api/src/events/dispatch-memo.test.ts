import { describe, expect, it } from 'vitest';
import { dispatchMemoMany, withDispatchMemo } from './dispatch-memo.js';

/** A read of names by id that records every statement it would send. */
function namesRead() {
  const statements: number[][] = [];
  return {
    statements,
    reads: {
      keys: (events: ReadonlyArray<Record<string, unknown>>) =>
        events.flatMap((data) => (typeof data.person === 'number' ? [data.person] : [])),
      load: async (ids: number[]) => {
        statements.push(ids);
        return new Map(ids.filter((id) => id !== 404).map((id) => [id, `person ${id}`]));
      },
    },
  };
}

describe('reads of a dispatch made together', () => {
  it('reads every key its events name in one go, the first time one is asked for', async () => {
    const { statements, reads } = namesRead();
    const events = [{ person: 1 }, { person: 2 }, { other: 'x' }, { person: 2 }, { person: 404 }];
    const names = await withDispatchMemo(events, async () => [
      await dispatchMemoMany('names', 2, reads),
      await dispatchMemoMany('names', 1, reads),
      await dispatchMemoMany('names', 404, reads),
      // Not named by an event: read by itself, once.
      await dispatchMemoMany('names', 7, reads),
      await dispatchMemoMany('names', 7, reads),
    ]);
    expect(names).toEqual(['person 2', 'person 1', undefined, 'person 7', 'person 7']);
    expect(statements).toEqual([[2, 1, 404], [7]]);
  });

  it('reads alone outside a dispatch, and afresh in each dispatch', async () => {
    const { statements, reads } = namesRead();
    expect(await dispatchMemoMany('names', 3, reads)).toBe('person 3');
    expect(await dispatchMemoMany('names', 3, reads)).toBe('person 3');
    await withDispatchMemo([{ person: 3 }, { person: 4 }], () => dispatchMemoMany('names', 4, reads));
    await withDispatchMemo([{ person: 3 }], () => dispatchMemoMany('names', 3, reads));
    expect(statements).toEqual([[3], [3], [4, 3], [3]]);
  });

  it('does not keep a failed read: the next ask reads again', async () => {
    let fail = true;
    const loads: number[][] = [];
    const reads = {
      keys: () => [1, 2],
      load: async (ids: number[]) => {
        loads.push(ids);
        if (fail) throw new Error('lost the connection');
        return new Map(ids.map((id) => [id, id * 10]));
      },
    };
    await withDispatchMemo([], async () => {
      await expect(dispatchMemoMany('tens', 1, reads)).rejects.toThrow('lost the connection');
      fail = false;
      expect(await dispatchMemoMany('tens', 2, reads)).toBe(20);
    });
    expect(loads).toEqual([
      [1, 2],
      [2, 1],
    ]);
  });
});
