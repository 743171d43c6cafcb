import { describe, expect, it } from 'vitest';
import { batchedCalls, type Outcome } from './batched-calls.js';

/** A writer whose calls finish when the test says so, recording what each carried. */
function heldWriter() {
  const calls: Array<{ items: string[]; finish(): void; fail(error: Error): void }> = [];
  const send = (items: string[]) =>
    new Promise<Outcome<string>[]>((resolve, reject) => {
      calls.push({
        items,
        finish: () =>
          resolve(
            items.map((item) =>
              item.startsWith('bad') ? { error: new Error(item) } : { answer: `${item}!` },
            ),
          ),
        fail: reject,
      });
    });
  return { calls, send };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('calls sent together', () => {
  it('sends the first at once, then what waited behind the busy calls together, in order', async () => {
    const writer = heldWriter();
    const batches = batchedCalls({ send: writer.send, inFlight: 2, most: 10 });
    const answers = ['a', 'b', 'c', 'd', 'e'].map((item) => batches.call(item));
    await settle();
    // Two calls at once: the first two items went alone, the rest wait.
    expect(writer.calls.map((c) => c.items)).toEqual([['a'], ['b']]);
    writer.calls[0]?.finish();
    await settle();
    expect(writer.calls.map((c) => c.items)).toEqual([['a'], ['b'], ['c', 'd', 'e']]);
    writer.calls[1]?.finish();
    writer.calls[2]?.finish();
    expect(await Promise.all(answers)).toEqual(['a!', 'b!', 'c!', 'd!', 'e!']);
  });

  it('carries at most `most` in a call, and keeps items of one key apart', async () => {
    const writer = heldWriter();
    const batches = batchedCalls({
      send: writer.send,
      inFlight: 1,
      most: 2,
      key: (item: string) => item.split(':')[0],
    });
    const answers = ['x:1', 'y:1', 'x:2', 'z:1', 'x:3'].map((item) => batches.call(item));
    await settle();
    expect(writer.calls.map((c) => c.items)).toEqual([['x:1']]);
    writer.calls[0]?.finish();
    await settle();
    expect(writer.calls[1]?.items).toEqual(['y:1', 'x:2']);
    writer.calls[1]?.finish();
    await settle();
    expect(writer.calls[2]?.items).toEqual(['z:1', 'x:3']);
    writer.calls[2]?.finish();
    expect(await Promise.all(answers)).toEqual(['x:1!', 'y:1!', 'x:2!', 'z:1!', 'x:3!']);
  });

  it('lets the next batch go while an item’s answer is still coming', async () => {
    let later: (answer: string) => void = () => undefined;
    const calls: string[][] = [];
    const batches = batchedCalls<string, string>({
      inFlight: 1,
      most: 10,
      send: async (items) => {
        calls.push(items);
        // The first item's answer comes later (written on its own), the others' now.
        return items.map((item) =>
          item === 'slow'
            ? { answer: new Promise<string>((resolve) => (later = resolve)) }
            : { answer: `${item}!` },
        );
      },
    });
    const slow = batches.call('slow');
    await settle();
    const next = batches.call('next');
    expect(await next).toBe('next!');
    expect(calls).toEqual([['slow'], ['next']]);
    later('slow at last');
    expect(await slow).toBe('slow at last');
  });

  it('answers each item its own outcome, and every item of a failed call its error', async () => {
    const writer = heldWriter();
    const batches = batchedCalls({ send: writer.send, inFlight: 1, most: 10 });
    const first = batches.call('first');
    const good = batches.call('good');
    const bad = batches.call('bad');
    await settle();
    writer.calls[0]?.fail(new Error('the database went away'));
    await expect(first).rejects.toThrow('the database went away');
    await settle();
    writer.calls[1]?.finish();
    expect(await good).toBe('good!');
    await expect(bad).rejects.toThrow('bad');
    // The batches go on after a failure.
    const after = batches.call('after');
    await settle();
    writer.calls[2]?.finish();
    expect(await after).toBe('after!');
  });
});
