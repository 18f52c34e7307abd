import { countTriggersSinceByAction, type Db } from '@shop/db';
import { type ActionCounts, broadcastStart } from '@shop/domain';
import type { StreamCache } from '../../twitch/stream-cache';

/**
 * This broadcast's trigger counts of the listed actions that have per-stream limits (one grouped
 * query per scope, none when no action has a limit), as toStreamAction takes them.
 */
export async function limitCounts(
  services: { db: Db; stream: Pick<StreamCache, 'broadcastWindow'> },
  rows: readonly { id: number; per_stream_limit: number | null; per_viewer_per_stream_limit: number | null }[],
  userId: number | null,
  now: number,
): Promise<(actionId: number) => ActionCounts> {
  const { window, startedAt } = services.stream.broadcastWindow();
  const limitWindow = window === 'day' || startedAt === null ? 'day' : 'stream';
  const since = broadcastStart(window === 'stream' ? startedAt : null, now);
  const everyone = rows.filter((r) => r.per_stream_limit !== null).map((r) => r.id);
  const perViewer = rows.filter((r) => r.per_viewer_per_stream_limit !== null).map((r) => r.id);
  const [streamCounts, viewerCounts] = await Promise.all([
    countTriggersSinceByAction(services.db.kysely, everyone, since),
    userId === null
      ? new Map<number, number>()
      : countTriggersSinceByAction(services.db.kysely, perViewer, since, userId),
  ]);
  return (actionId) => ({
    window: limitWindow,
    stream: streamCounts.get(actionId) ?? 0,
    ...(userId !== null && { viewer: viewerCounts.get(actionId) ?? 0 }),
  });
}
