import { aboutIn, type TQueueItem } from '@shop/domain';

const pad = (n: number) => String(n).padStart(2, '0');

/** '1:23', or '1:02:03' past an hour; a time already passed reads 0:00. Seconds round up, so 0:00 means now. */
export function clock(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
}

type CountdownFields = Pick<
  TQueueItem,
  'state' | 'approvalExpiresAt' | 'nextAttemptAt' | 'endsAt' | 'eta' | 'waitingFor' | 'stopFailed'
>;

/** The instant a trigger in this state counts down to, and how to say it; null when nothing does. */
function target(item: CountdownFields): { at: string; say: (ms: number) => string } | null {
  if (item.state === 'awaiting_approval' && item.approvalExpiresAt) {
    return { at: item.approvalExpiresAt, say: (ms) => `expires in ${clock(ms)}` };
  }
  // Held for a game server that did not answer: it is tried again on its own at nextAttemptAt.
  const waitingForTarget = item.state === 'held' && item.waitingFor;
  if ((item.state === 'retrying' || waitingForTarget) && item.nextAttemptAt) {
    return { at: item.nextAttemptAt, say: (ms) => `next attempt in ${clock(ms)}` };
  }
  // A failed stop is past its end: its badge says so, a clock stuck at 0:00 would not.
  if (item.state === 'running' && item.endsAt && !item.stopFailed) {
    // Past its end, the stop is on its way (or waits for the game server): no clock stuck at 0:00.
    return { at: item.endsAt, say: (ms) => (ms > 0 ? `ends in ${clock(ms)}` : 'ending now') };
  }
  // An estimate, said as one.
  if (item.state === 'queued' && item.eta) return { at: item.eta, say: (ms) => `starts in ${aboutIn(ms)}` };
  return null;
}

/** Whether the row needs a ticking clock at all. */
export const hasCountdown = (item: CountdownFields): boolean => target(item) !== null;

/** The row's countdown at `now`: 'expires in 1:23', 'next attempt in 0:12', 'ends in 4:00', 'starts in about 40 s'. */
export function countdownText(item: CountdownFields, now: number): string | null {
  const t = target(item);
  if (!t) return null;
  const at = Date.parse(t.at);
  return Number.isNaN(at) ? null : t.say(at - now);
}

/** What a held trigger waits for, when it is not the streamer's hold: 'Waiting for the game server'. */
export function waitingText(item: Pick<TQueueItem, 'state' | 'waitingFor'>): string | null {
  return item.state === 'held' && item.waitingFor ? `Waiting for ${item.waitingFor}` : null;
}
