import type { WatchTimeSettingsRow } from '@shop/db';
import type { TWatchTimeSettings } from '@shop/domain';

export function settingsOut(row: WatchTimeSettingsRow): TWatchTimeSettings {
  return {
    enabled: row.enabled,
    rewardInterval: row.rewardInterval,
    coinsPerInterval: row.coinsPerInterval,
    lastUpdated: row.lastUpdated === null ? null : new Date(row.lastUpdated).toISOString(),
  };
}
