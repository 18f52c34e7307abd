import { z } from 'zod';
import { MAX_COOLDOWN_SECONDS } from './cooldowns';

// Apart from cooldowns.ts so the pages that show cooldowns load no zod.

const cooldownField = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number of seconds`)
    .min(0, `${label} cannot be negative`)
    .max(MAX_COOLDOWN_SECONDS, `${label} must be at most 86400 seconds (one day)`);

/** The action form's cooldown fields; the create input defaults them to 0 (no cooldown). */
export const ZCooldownFields = z.object({
  cooldownSeconds: cooldownField('Cooldown'),
  userCooldownSeconds: cooldownField('Per-viewer cooldown'),
});
