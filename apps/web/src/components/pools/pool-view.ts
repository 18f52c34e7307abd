import { poolPercent, suggestedChipIn, type TPoolOut, type TPoolProgressMessage, ZChipInAmount } from '@shop/domain';

/** One crowd goal as the shop shows it: an open pool, or a pooled action nobody has chipped into yet. */
export interface PoolCard {
  actionId: number;
  actionName: string;
  goal: number;
  raised: number;
  contributors: number;
  /** Null until the first contribution opens the window. */
  endsAt: string | null;
  windowSeconds: number | null;
}

/** The fields of an action this section reads; present once the action view carries them. */
interface MaybePooled {
  id: number;
  name: string;
  poolGoal?: number | null;
  poolWindowSeconds?: number;
}

/**
 * The open pools first (soonest ending first, as the server lists them), then the pooled actions
 * that have none open, waiting for their first coins.
 */
export function poolCards(open: readonly TPoolOut[], actions: readonly MaybePooled[]): PoolCard[] {
  const cards: PoolCard[] = open.map((p) => ({ ...p, windowSeconds: null }));
  const shown = new Set(open.map((p) => p.actionId));
  for (const action of actions) {
    if (action.poolGoal == null || shown.has(action.id)) continue;
    cards.push({
      actionId: action.id,
      actionName: action.name,
      goal: action.poolGoal,
      raised: 0,
      contributors: 0,
      endsAt: null,
      windowSeconds: action.poolWindowSeconds ?? null,
    });
  }
  return cards;
}

/** A progress message applied to the open list: an open pool is updated or added, a closed one leaves. */
export function applyProgress(list: readonly TPoolOut[], message: TPoolProgressMessage): TPoolOut[] {
  const rest = list.filter((p) => p.actionId !== message.actionId);
  if (message.state !== 'open') return rest;
  const { type: _type, state: _state, ...pool } = message;
  return [...rest, pool].sort((a, b) => Date.parse(a.endsAt) - Date.parse(b.endsAt) || a.actionId - b.actionId);
}

/** The countdown under the bar: m:ss, h:mm:ss past an hour, 'Ending' at zero. */
export function poolCountdown(endsAt: string, now: number): string {
  const left = Math.max(0, Math.ceil((Date.parse(endsAt) - now) / 1000));
  if (left === 0) return 'Ending';
  const h = Math.floor(left / 3600);
  const m = Math.floor((left % 3600) / 60);
  const s = String(left % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s} left` : `${m}:${s} left`;
}

/** A window not opened yet, in words: '10 min once it starts'. */
export function windowText(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600} h once the first coins are in`;
  if (seconds % 60 === 0) return `${seconds / 60} min once the first coins are in`;
  return `${seconds} s once the first coins are in`;
}

export function barPercent(card: Pick<PoolCard, 'goal' | 'raised'>): number {
  return poolPercent(card.goal, card.raised);
}

export function defaultChipIn(card: Pick<PoolCard, 'goal' | 'raised'>): number {
  return suggestedChipIn(card.goal, card.raised);
}

/** The dialog's check, by the server's own schema: the error to show, or null. */
export function chipInError(value: unknown): string | null {
  const parsed = ZChipInAmount.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Enter a number of coins');
}

/** What the dialog says it will take: never more than is missing (the server caps it the same way). */
export function chipInNote(amount: number, card: Pick<PoolCard, 'goal' | 'raised'>): string | null {
  const missing = card.goal - card.raised;
  return amount > missing
    ? `Only ${missing.toLocaleString('en-US')} coins are missing: that is all you will pay.`
    : null;
}
