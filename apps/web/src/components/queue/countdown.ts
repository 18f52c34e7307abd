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

type CountdownFields = Pick<TQueueItem, 'state' | 'approvalExpiresAt' | 'nextAttemptAt' | 'endsAt' | 'eta'>;

/** The instant a trigger in this state counts down to, and how to say it; null when nothing does. */
function target(item: CountdownFields): { at: string; say: (ms: number) => string } | null {
  if (item.state === 'awaiting_approval' && item.approvalExpiresAt) {
    return { at: item.approvalExpiresAt, say: (ms) => `expires in ${clock(ms)}` };
  }
  if (item.state === 'retrying' && item.nextAttemptAt) {
    return { at: item.nextAttemptAt, say: (ms) => `next attempt in ${clock(ms)}` };
  }
  if (item.state === 'running' && item.endsAt) {
    return { at: item.endsAt, say: (ms) => `${clock(ms)} time left` };
  }
  // An estimate, said as one.
  if (item.state === 'queued' && item.eta) return { at: item.eta, say: (ms) => `starts in ${aboutIn(ms)}` };
  return null;
}

/** Whether the row needs a ticking clock at all. */
export const hasCountdown = (item: CountdownFields): boolean => target(item) !== null;

/** The row's countdown at `now`: 'expires in 1:23', 'next attempt in 0:12', '4:00 time left', 'starts in about 40 s'. */
export function countdownText(item: CountdownFields, now: number): string | null {
  const t = target(item);
  if (!t) return null;
  const at = Date.parse(t.at);
  return Number.isNaN(at) ? null : t.say(at - now);
}
