import type { TOverlayAlert } from '@shop/domain';

/** A timed effect the overlay counts down: from its start alert until its end or its stop alert. */
export interface RunningEffect {
  key: string;
  actionName: string;
  viewer: string;
  endsAt: number;
}

/**
 * The running effects after an alert: a start adds one (ending `durationSeconds` after now), a stop
 * removes its trigger's; anything else changes nothing. Keyed by trigger, so a start re-sent after a
 * lost ack, or the start of a second target, does not count twice.
 */
export function applyEffectAlert(
  running: readonly RunningEffect[],
  alert: TOverlayAlert,
  now: number,
): RunningEffect[] {
  const effect = alert.effect;
  if (!effect) return [...running];
  const key = effect.triggerId === null ? alert.alertId : `trigger-${effect.triggerId}`;
  const others = running.filter((r) => r.key !== key);
  if (effect.event === 'stopped') return others;
  const existing = running.find((r) => r.key === key);
  if (existing) return [...running];
  return [
    ...others,
    { key, actionName: alert.actionName, viewer: alert.viewer, endsAt: now + effect.durationSeconds * 1000 },
  ];
}

/** Effects whose time is up are gone from the overlay, stop alert or not. */
export function stillRunning(running: readonly RunningEffect[], now: number): RunningEffect[] {
  return running.filter((r) => r.endsAt > now);
}

/** '0:25', '1:05': the time left, rounded up to the second. */
export function timeLeft(endsAt: number, now: number): string {
  const seconds = Math.max(0, Math.ceil((endsAt - now) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The effect part of an alert frame, checked field by field (the page trusts nothing it is sent). */
export function effectOf(value: Record<string, unknown>): TOverlayAlert['effect'] {
  const effect = value.effect;
  if (typeof effect !== 'object' || effect === null) return undefined;
  const { event, durationSeconds, triggerId } = effect as Record<string, unknown>;
  if ((event !== 'started' && event !== 'stopped') || typeof durationSeconds !== 'number') return undefined;
  return { event, durationSeconds, triggerId: typeof triggerId === 'number' ? triggerId : null };
}
