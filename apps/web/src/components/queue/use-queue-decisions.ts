import type { TQueueDecision, TQueueItem } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { errorMessage, errorStatus } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useTRPC, useTRPCClient } from '../../trpc';
import { bulkSummary, decisionDone, decisionFailed, stopAllDone, type TBulkDecision } from './decisions';
import type { useQueue } from './use-queue';

type Queue = Pick<ReturnType<typeof useQueue>, 'reload' | 'applyItem' | 'setHeld'>;

/**
 * The streamer's decisions on triggers, one at a time or many, and the hold switch. Each answer is
 * put in the list at once and the list is read again; a refusal (409: the trigger moved on first)
 * says what happened. A success toast only ever follows a success.
 */
export function useQueueDecisions(queue: Queue) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  /** Triggers a decision is on its way for: their buttons wait, and the shortcuts pass them by. */
  const [busy, setBusy] = useState<ReadonlySet<number>>(() => new Set());
  const { reload, applyItem, setHeld } = queue;

  const mark = useCallback((ids: readonly number[], on: boolean) => {
    setBusy((old) => {
      const next = new Set(old);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);

  /** One decision; resolves to whether it was taken, without a toast of its own. */
  const send = useCallback(
    async (decision: TQueueDecision, historyId: number): Promise<{ ok: true } | { ok: false; error: unknown }> => {
      try {
        applyItem(await client.queue[decision].mutate({ historyId }));
        return { ok: true };
      } catch (error) {
        return { ok: false, error };
      }
    },
    [client, applyItem],
  );

  const decide = useCallback(
    async (decision: TQueueDecision, item: TQueueItem) => {
      mark([item.historyId], true);
      const result = await send(decision, item.historyId);
      mark([item.historyId], false);
      reload();
      if (result.ok) {
        const toast = decisionDone(decision, item);
        notify.success(toast.title, toast.message);
      } else {
        const toast = decisionFailed(decision, errorStatus(result.error), errorMessage(result.error));
        notify.error(toast.title, toast.message);
      }
    },
    [mark, send, reload],
  );

  const decideMany = useCallback(
    async (decision: TBulkDecision, items: readonly TQueueItem[]) => {
      if (items.length === 0) return;
      const ids = items.map((i) => i.historyId);
      mark(ids, true);
      // Sent together: the batch link carries them in one request, and each is answered on its own.
      const results = await Promise.all(ids.map((id) => send(decision, id)));
      mark(ids, false);
      reload();
      const failures = results.flatMap((r) => (r.ok ? [] : [errorMessage(r.error)]));
      const toast = bulkSummary(decision, results.length - failures.length, failures);
      if (toast.kind === 'success') notify.success(toast.title, toast.message);
      else if (toast.kind === 'warning') notify.warning(toast.title, toast.message);
      else notify.error(toast.title, toast.message);
    },
    [mark, send, reload],
  );

  const hold = useMutation(
    trpc.queue.setHold.mutationOptions({
      onSuccess: (result) => {
        setHeld(result.held);
        reload();
        if (result.held) {
          notify.success(
            'Queue held',
            'Triggers are still accepted and charged; nothing is sent until you release it.',
          );
        } else {
          notify.success('Queue released', 'Waiting triggers are sent again, in order.');
        }
      },
      onError: (err, input) =>
        notify.error(input.held ? 'Could not hold the queue' : 'Could not release the queue', errorMessage(err)),
    }),
  );

  const stopAll = useMutation(
    trpc.queue.stopAll.mutationOptions({
      onSuccess: (result) => {
        reload();
        const toast = stopAllDone(result.stopped);
        notify.success(toast.title, toast.message);
      },
      onError: (err) => {
        reload();
        notify.error('Could not stop the running effects', errorMessage(err));
      },
    }),
  );

  return {
    busy,
    decide,
    decideMany,
    setHold: (held: boolean) => hold.mutate({ held }),
    holdPending: hold.isPending,
    /** Resolves once the server answered (the toast is already up), so a confirm dialog can close then. */
    stopAll: () =>
      stopAll.mutateAsync().then(
        () => undefined,
        () => undefined,
      ),
    stopAllPending: stopAll.isPending,
  };
}
