import { ZWatchTimeSettings, ZWatchTimeSettingsUpdate } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZUpdateWatchTimeSettingsInput = ZWatchTimeSettingsUpdate;
export const ZUpdateWatchTimeSettingsOutput = ZWatchTimeSettings;

export const updateWatchTimeSettingsMeta: ProcedureMeta = {
  rest: {
    method: 'PUT',
    path: '/api/admin/watch-time/settings',
    summary: 'Change watch-time settings: only the changed fields among enabled, rewardInterval, coinsPerInterval',
    tag: 'Earning',
  },
};
