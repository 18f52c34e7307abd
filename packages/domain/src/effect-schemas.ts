import { z } from 'zod';
import { DEFAULT_HOLD_SECONDS, MAX_DURATION_SECONDS, MAX_HOLD_SECONDS, MIN_HOLD_SECONDS, STACK_MODES } from './effects';

// Apart from effects.ts so the pages that show effects load no zod.

export const ZEffectFields = z.object({
  durationSeconds: z
    .number({ error: 'Duration must be a number' })
    .int('Duration must be a whole number of seconds')
    .min(0, 'Duration cannot be negative')
    .max(MAX_DURATION_SECONDS, 'Duration must be at most 3600 seconds'),
  stopCommand: z.string({ error: 'Stop command must be text' }).trim().max(1000).nullable(),
  stackMode: z.enum(STACK_MODES, { error: 'stackMode must be queue, extend or refuse' }),
  waitForTarget: z.boolean({ error: 'waitForTarget must be true or false' }),
  holdMaxSeconds: z
    .number({ error: 'Hold limit must be a number' })
    .int('Hold limit must be a whole number of seconds')
    .min(MIN_HOLD_SECONDS, 'Hold limit must be at least 10 seconds')
    .max(MAX_HOLD_SECONDS, 'Hold limit must be at most 3600 seconds'),
});

export const EFFECT_FIELD_DEFAULTS = {
  durationSeconds: 0,
  stopCommand: null,
  stackMode: 'queue',
  waitForTarget: true,
  holdMaxSeconds: DEFAULT_HOLD_SECONDS,
} as const;

export const STOP_COMMAND_REQUIRED = 'A stop command is required for a timed effect';

/** A timed effect needs its stop command. */
export function stopCommandPresent(v: { durationSeconds?: number; stopCommand?: string | null }): boolean {
  return !(v.durationSeconds && v.durationSeconds > 0) || Boolean(v.stopCommand?.trim());
}
