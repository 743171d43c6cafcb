/**
 * Database calls that reach the process together, sent together (docs/decisions/055-gifts-written-together.md):
 * gifts' writes, and their reads. No item waits for a timer: while fewer than `inFlight` batches
 * are under way, an item goes at once with whatever waits beside it; when they are all busy, the
 * items that arrive wait for the first to finish and go together, at most `most` in one batch. A
 * quiet process therefore sends each one alone, as soon as it comes, and a busy one shares each
 * call's fixed costs (its round trip, its transaction, its locks) among many.
 */
export interface BatchedCalls<Item, Answer> {
  /** The answer `item` gets from the batch that carries it (or its own error). */
  call(item: Item): Promise<Answer>;
}

/**
 * An item's own outcome in its batch: its answer, or an error. An answer still coming (a promise)
 * lets the batch's turn go before it arrives: work left for one item does not hold up the next batch.
 */
export type Outcome<Answer> = { answer: Answer | PromiseLike<Answer> } | { error: unknown };

export interface BatchedCallOptions<Item, Answer> {
  /** Sends the items in one call, answering each one's outcome in their order. */
  send(items: Item[]): Promise<Outcome<Answer>[]>;
  /** How many batches may be under way at once (each takes a connection). */
  inFlight: number;
  /** The most items in one batch. */
  most: number;
  /** Items that must not share a batch (a retry beside its first try) share a `key`. */
  key?(item: Item): string | undefined;
}

interface Waiting<Item, Answer> {
  item: Item;
  resolve(answer: Answer | PromiseLike<Answer>): void;
  reject(error: unknown): void;
}

export function batchedCalls<Item, Answer>(
  options: BatchedCallOptions<Item, Answer>,
): BatchedCalls<Item, Answer> {
  if (options.inFlight < 1 || options.most < 1) throw new Error('a batch needs room for one item');
  let waiting: Waiting<Item, Answer>[] = [];
  let sending = 0;

  /** The next batch: the oldest waiting items, in their order, none sharing a key. */
  function take(): Waiting<Item, Answer>[] {
    const batch: Waiting<Item, Answer>[] = [];
    const left: Waiting<Item, Answer>[] = [];
    const keys = new Set<string>();
    for (const w of waiting) {
      const key = options.key?.(w.item);
      if (batch.length >= options.most || (key !== undefined && keys.has(key))) {
        left.push(w);
        continue;
      }
      if (key !== undefined) keys.add(key);
      batch.push(w);
    }
    waiting = left;
    return batch;
  }

  async function send(batch: Waiting<Item, Answer>[]) {
    try {
      const outcomes = await options.send(batch.map((w) => w.item));
      batch.forEach((w, i) => {
        const outcome = outcomes[i];
        if (!outcome) w.reject(new Error('the batch answered fewer items than it was given'));
        else if ('answer' in outcome) w.resolve(outcome.answer);
        else w.reject(outcome.error);
      });
    } catch (error) {
      for (const w of batch) w.reject(error);
    }
  }

  function pump() {
    while (sending < options.inFlight && waiting.length > 0) {
      const batch = take();
      sending += 1;
      void send(batch).finally(() => {
        sending -= 1;
        pump();
      });
    }
  }

  return {
    call(item) {
      return new Promise<Answer>((resolve, reject) => {
        waiting.push({ item, resolve, reject });
        pump();
      });
    },
  };
}
