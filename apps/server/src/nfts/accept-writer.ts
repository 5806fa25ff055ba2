// Group commit for accepted mints (ADR 053). Concurrent POSTs each prepare their mints (validation, recipient),
// then hand them here; the writer writes the mints of every request waiting at that moment with ONE atomic
// write (one statement inserting the NFT rows and their actions) and answers each request once it has
// committed. While a group is being written, new requests gather for the next one, so under load a group holds
// what arrived during one commit, and a lone request is written at once (no timer, no added latency).
//
// A group that fails is written again one request per write, so a request whose rows cannot be written
// fails alone and the others are still accepted. Nothing is answered before its commit: a crash loses only
// unanswered requests, whose clients see the connection drop.

type Waiting<M, R> = { mints: M[]; resolve: (rows: R[]) => void; reject: (error: unknown) => void };

export type AcceptWriter<M extends { id: string }, R extends { id: string }> = {
  /** Writes the mints (with those of concurrent calls) and resolves with their rows once committed. */
  write(mints: M[]): Promise<R[]>;
};

/**
 * @param write inserts the mints atomically (all or none) and returns the rows inserted (a row whose id existed is left out).
 * @param options.maxInFlight groups written at once (1 for PGlite, whose one connection serialises them anyway).
 * @param options.maxRows mints per group; a single request larger than this is still written whole.
 */
export function createAcceptWriter<M extends { id: string }, R extends { id: string }>(
  write: (mints: M[]) => Promise<R[]>,
  options: { maxInFlight: number; maxRows: number },
): AcceptWriter<M, R> {
  const waiting: Array<Waiting<M, R>> = [];
  let inFlight = 0;
  let scheduled = false;

  const answer = (group: Array<Waiting<M, R>>, rows: R[]) => {
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const entry of group) entry.resolve(entry.mints.flatMap((mint) => byId.get(mint.id) ?? []));
  };

  async function flush(group: Array<Waiting<M, R>>) {
    try {
      answer(group, await write(group.flatMap((entry) => entry.mints)));
    } catch (error) {
      if (group.length === 1) return group[0]!.reject(error);
      for (const entry of group) {
        try {
          answer([entry], await write(entry.mints));
        } catch (alone) {
          entry.reject(alone);
        }
      }
    }
  }

  function pump() {
    scheduled = false;
    while (inFlight < options.maxInFlight && waiting.length > 0) {
      const group: Array<Waiting<M, R>> = [];
      let rows = 0;
      while (waiting.length > 0 && (group.length === 0 || rows + waiting[0]!.mints.length <= options.maxRows)) {
        const entry = waiting.shift()!;
        rows += entry.mints.length;
        group.push(entry);
      }
      inFlight++;
      void flush(group).finally(() => {
        inFlight--;
        pump();
      });
    }
  }

  return {
    write(mints) {
      return new Promise<R[]>((resolve, reject) => {
        waiting.push({ mints, resolve, reject });
        // After the current I/O phase: the requests parsed from the same socket reads join one group.
        if (!scheduled) {
          scheduled = true;
          setImmediate(pump);
        }
      });
    },
  };
}
