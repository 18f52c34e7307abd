import { z } from 'zod';

// Apart from economy.ts so the cards load no zod.

const limit = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(10_000, `${label} must be at most 10,000`)
    .nullable();

export const ZEconomyFields = z.object({
  stock: z
    .number({ error: 'Stock must be a number' })
    .int('Stock must be a whole number')
    .min(0, 'Stock cannot be negative')
    .max(1_000_000, 'Stock must be at most 1,000,000')
    .nullable(),
  perStreamLimit: limit('Per-stream limit'),
  perViewerPerStreamLimit: limit('Per-viewer limit'),
  surgePercent: z
    .number({ error: 'Surge must be a number' })
    .int('Surge must be a whole percent')
    .min(0, 'Surge cannot be negative')
    .max(100, 'Surge must be at most 100 percent'),
  surgeDecaySeconds: z
    .number({ error: 'Surge fade must be a number' })
    .int('Surge fade must be a whole number of seconds')
    .min(10, 'Surge fade must be at least 10 seconds')
    .max(86_400, 'Surge fade must be at most 86400 seconds'),
  surgeMaxMultiplier: z
    .number({ error: 'Surge cap must be a number' })
    .min(1, 'Surge cap must be at least 1')
    .max(10, 'Surge cap must be at most 10'),
});

export const ECONOMY_FIELD_DEFAULTS = {
  stock: null,
  perStreamLimit: null,
  perViewerPerStreamLimit: null,
  surgePercent: 0,
  surgeDecaySeconds: 300,
  surgeMaxMultiplier: 2,
} as const;
