import type { TStreamerbotConfig } from '@shop/domain';

type TConversion = TStreamerbotConfig['conversionConfig'];

/** The conversion rate as the spec shows it, a percentage: 0.1 -> '10%', 0.025 -> '2.5%'. */
export function formatRate(rate: number): string {
  // Rounded to 4 decimals so 0.07 * 100 does not print as 7.000000000000001%.
  return `${Number((rate * 100).toFixed(4))}%`;
}

/**
 * Coins that 100 points earn: the rate times 100 (admin-spec section 9), rounded down like the
 * server rounds a redemption, and never above the per-redemption maximum.
 */
export function coinsPerHundredPoints(config: TConversion): number {
  return Math.min(config.maxCoinsPerRedemption, Math.floor(Number((config.conversionRate * 100).toFixed(6))));
}

/** A secret shown masked: the same length of dots, so nothing about it leaks into a screenshot. */
export function maskSecret(secret: string): string {
  return '•'.repeat(secret.length);
}
