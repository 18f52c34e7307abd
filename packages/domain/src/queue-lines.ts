import type { TTriggerState } from './trigger-states';

/** An open trigger as the lines need it. */
export interface LineEntry {
  historyId: number;
  state: TTriggerState;
  /** Its queue group, or null: then it lines up with the ungrouped triggers of its first endpoint. */
  queueGroup: string | null;
  endpointId: number | null;
  /** Order within a group (then historyId); 'move to the front' lowers it. */
  rank: number;
  /** Order within an endpoint lane: when its deliveries are due (then historyId). */
  dueAt: number | null;
  /** Seconds the group waits after this one before the next. */
  gapSeconds: number;
  nextAttemptAt: number | null;
  /** A running timed effect: when it ends (the next of its line starts after it and the gap). */
  endsAt?: number | null;
}

export interface PlaceInLine {
  position: number | null;
  /** When it is expected to be sent (epoch ms), or null when nobody can tell (held, awaiting approval). */
  eta: number | null;
}

export interface LineOptions {
  now: number;
  /** About how long one send takes, for the estimate. */
  perItemMs: number;
  /** Sends running at once per endpoint lane (the worker's laneConcurrency). */
  laneConcurrency: number;
  /** When each group may start its next trigger (the gap after its last one). */
  groupFreeAt: ReadonlyMap<string, number>;
}

const IN_LINE: readonly TTriggerState[] = ['queued', 'held', 'sending', 'retrying', 'running'];
const UNDER_WAY: readonly TTriggerState[] = ['sending', 'retrying', 'running'];

/**
 * Every open trigger's place: 1-based within its queue group, or among the ungrouped triggers of its
 * endpoint lane; those under way (sending, retrying, running) come first, as they hold the line.
 * Triggers awaiting approval are in no line yet.
 */
export function placesInLine(entries: readonly LineEntry[], options: LineOptions): Map<number, PlaceInLine> {
  const lines = new Map<string, LineEntry[]>();
  const places = new Map<number, PlaceInLine>();
  for (const entry of entries) {
    if (!IN_LINE.includes(entry.state)) {
      places.set(entry.historyId, { position: null, eta: null });
      continue;
    }
    const key = entry.queueGroup !== null ? `group:${entry.queueGroup}` : `lane:${entry.endpointId ?? 'none'}`;
    const line = lines.get(key) ?? [];
    line.push(entry);
    lines.set(key, line);
  }
  for (const line of lines.values()) {
    const grouped = line[0]?.queueGroup ?? null;
    line.sort((a, b) => {
      const underWay = Number(UNDER_WAY.includes(b.state)) - Number(UNDER_WAY.includes(a.state));
      if (underWay !== 0) return underWay;
      const order = grouped !== null ? a.rank - b.rank : (a.dueAt ?? 0) - (b.dueAt ?? 0);
      return order !== 0 ? order : a.historyId - b.historyId;
    });
    // The estimate walks the line: each trigger starts when the one before it is done (and its gap passed).
    let startAt = grouped !== null ? Math.max(options.now, options.groupFreeAt.get(grouped) ?? 0) : options.now;
    line.forEach((entry, index) => {
      const position = index + 1;
      let eta: number | null;
      if (entry.state === 'held') eta = null;
      else if (entry.state === 'retrying') eta = entry.nextAttemptAt;
      else if (entry.state === 'sending' || entry.state === 'running') eta = options.now;
      else if (grouped !== null) eta = startAt;
      else eta = options.now + Math.floor(index / Math.max(1, options.laneConcurrency)) * options.perItemMs;
      places.set(entry.historyId, { position, eta });
      if (grouped !== null) {
        const began = Math.max(startAt, eta ?? startAt);
        const done = entry.state === 'running' && entry.endsAt ? entry.endsAt : began + options.perItemMs;
        startAt = done + entry.gapSeconds * 1000;
      }
    });
  }
  return places;
}
