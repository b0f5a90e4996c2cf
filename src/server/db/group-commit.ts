/**
 * Group commit for a write path (issue 10, docs/decisions/030-group-commit-check-ins.md): concurrent writes
 * are handed to one `run` together — one transaction, a few statements for all of them — instead of a transaction
 * each. Nothing waits for a timer: an item submitted while no batch runs starts one at once; `run` takes the waiting
 * items (`take()`) once its transaction has begun, so every item that arrived while it waited for a connection (or,
 * on PGlite, for the statements queued before it) joins it. A person's write is answered when its batch commits.
 *
 * - Items with the same key (the user) never share a batch nor run in two batches at once: each sees the one
 *   before it committed.
 * - `run` answers each item it took on its own (`{ ok }` or `{ error }`: a rule refused it; nothing of it was
 *   written). When `run` itself throws (its transaction failed: a deadlock, a constraint, a bug), no item of the batch
 *   was written, and each is run again alone, so only the one that fails again gets the error.
 */
export type Settled<O> = { ok: O } | { error: unknown };

export interface GroupCommitOptions<I> {
  /** Items with the same key are never in one batch, nor in two batches at once. */
  keyOf(item: I): string;
  /** Most items in one batch. */
  maxBatch: number;
  /** Batches running at once. */
  concurrency: number;
  /** Told when a batch of several failed as a whole (before its items run again one at a time): for the log. */
  onBatchError?: (err: unknown, items: I[]) => void;
}

interface Pending<I, O> {
  item: I;
  resolve(value: O): void;
  reject(err: unknown): void;
}

export class GroupCommit<I, O> {
  private readonly queue: Pending<I, O>[] = [];
  private readonly busyKeys = new Set<string>();
  private running = 0;
  /** Batches started that have not taken their items yet: no other starts meanwhile (it would find them taken). */
  private starting = 0;

  constructor(
    private readonly run: (take: () => I[]) => Promise<Settled<O>[]>,
    private readonly opts: GroupCommitOptions<I>,
  ) {}

  /** Resolves with the item's answer once its batch has committed; rejects with its error. */
  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.pump();
    });
  }

  /** Items waiting for a batch (for tests and diagnostics). */
  get waiting(): number {
    return this.queue.length;
  }

  private pump(): void {
    while (this.running < this.opts.concurrency && this.starting === 0 && this.queue.some((p) => !this.busyKeys.has(this.opts.keyOf(p.item)))) {
      this.running += 1;
      this.starting += 1;
      let batch: Pending<I, O>[] | null = null;
      const take = (): I[] => {
        if (batch) return batch.map((p) => p.item);
        this.starting -= 1;
        batch = this.take();
        return batch.map((p) => p.item);
      };
      void this.execute(take, () => batch).finally(() => {
        if (!batch) take(); // never taken (run failed first): answered in execute
        this.running -= 1;
        for (const p of batch ?? []) this.busyKeys.delete(this.opts.keyOf(p.item));
        this.pump();
      });
    }
  }

  /** The next batch: waiting items in arrival order, at most one per key, none whose key is running. */
  private take(): Pending<I, O>[] {
    const batch: Pending<I, O>[] = [];
    const rest: Pending<I, O>[] = [];
    for (const p of this.queue) {
      const key = this.opts.keyOf(p.item);
      if (batch.length < this.opts.maxBatch && !this.busyKeys.has(key)) {
        this.busyKeys.add(key);
        batch.push(p);
      } else {
        rest.push(p);
      }
    }
    this.queue.length = 0;
    this.queue.push(...rest);
    return batch;
  }

  private async execute(take: () => I[], taken: () => Pending<I, O>[] | null): Promise<void> {
    let answers: Settled<O>[];
    try {
      answers = await this.run(take);
    } catch (err) {
      // Failed before it took anything (no connection, BEGIN refused): what waits now gets the error, not a retry
      // loop against a database that is down.
      const batch = taken() ?? (take(), taken()!);
      if (batch.length === 1) {
        batch[0]!.reject(err);
        return;
      }
      // Nothing of the batch was written: each item again, alone, so one failure fails only its own item.
      this.opts.onBatchError?.(err, batch.map((p) => p.item));
      for (const p of batch) {
        try {
          settle(p, (await this.run(() => [p.item]))[0]);
        } catch (e) {
          p.reject(e);
        }
      }
      return;
    }
    (taken() ?? []).forEach((p, i) => settle(p, answers[i]));
  }
}

function settle<I, O>(p: Pending<I, O>, answer: Settled<O> | undefined): void {
  if (!answer) p.reject(new Error('group commit: the batch gave no answer for an item'));
  else if ('ok' in answer) p.resolve(answer.ok);
  else p.reject(answer.error);
}
