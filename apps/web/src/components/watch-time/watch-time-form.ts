import { type TWatchTimeSettings, type TWatchTimeSettingsUpdate, ZWatchTimeSettingsUpdate } from '@shop/domain';

/** The settings form's fields; NumberInput gives '' while a box is empty. */
export interface WatchTimeFormValues {
  enabled: boolean;
  rewardInterval: number | string;
  coinsPerInterval: number | string;
}

export function watchTimeFormValues(settings: TWatchTimeSettings): WatchTimeFormValues {
  return {
    enabled: settings.enabled,
    rewardInterval: settings.rewardInterval,
    coinsPerInterval: settings.coinsPerInterval,
  };
}

const asNumber = (value: number | string): number | undefined => (value === '' ? undefined : Number(value));

/**
 * Checks every field with the server's own schema (ZWatchTimeSettingsUpdate), so the form refuses
 * exactly what the server would, in the same words. An empty box counts as a missing number.
 */
export function checkWatchTimeForm(values: WatchTimeFormValues): Record<string, string> {
  const parsed = ZWatchTimeSettingsUpdate.safeParse({
    enabled: values.enabled,
    rewardInterval: asNumber(values.rewardInterval) ?? Number.NaN,
    coinsPerInterval: asNumber(values.coinsPerInterval) ?? Number.NaN,
  });
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** Only what the admin changed (admin-spec section 5); an empty object means 'No changes'. */
export function changedWatchTimeFields(
  current: TWatchTimeSettings,
  values: WatchTimeFormValues,
): Partial<TWatchTimeSettingsUpdate> {
  const changes: Partial<TWatchTimeSettingsUpdate> = {};
  if (values.enabled !== current.enabled) changes.enabled = values.enabled;
  const interval = asNumber(values.rewardInterval);
  if (interval !== undefined && interval !== current.rewardInterval) changes.rewardInterval = interval;
  const coins = asNumber(values.coinsPerInterval);
  if (coins !== undefined && coins !== current.coinsPerInterval) changes.coinsPerInterval = coins;
  return changes;
}
