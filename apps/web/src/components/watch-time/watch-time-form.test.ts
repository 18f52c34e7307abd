import type { TWatchTimeSettings } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { changedWatchTimeFields, checkWatchTimeForm, watchTimeFormValues } from './watch-time-form';

const saved: TWatchTimeSettings = { enabled: false, rewardInterval: 10, coinsPerInterval: 5, lastUpdated: null };

describe('watch-time settings form', () => {
  it('sends nothing when nothing changed, so the page can say No changes', () => {
    expect(changedWatchTimeFields(saved, watchTimeFormValues(saved))).toEqual({});
  });

  it('sends only the fields the admin changed', () => {
    const values = { ...watchTimeFormValues(saved), enabled: true, rewardInterval: 1 };
    expect(changedWatchTimeFields(saved, values)).toEqual({ enabled: true, rewardInterval: 1 });
    expect(changedWatchTimeFields(saved, { ...watchTimeFormValues(saved), coinsPerInterval: 25 })).toEqual({
      coinsPerInterval: 25,
    });
  });

  it('refuses the bounds with the server messages', () => {
    expect(checkWatchTimeForm({ enabled: true, rewardInterval: 0, coinsPerInterval: 1001 })).toEqual({
      rewardInterval: 'Reward interval must be between 1 and 1440 minutes',
      coinsPerInterval: 'Coins per interval must be between 1 and 1000',
    });
    expect(checkWatchTimeForm({ enabled: true, rewardInterval: 1440, coinsPerInterval: 1 })).toEqual({});
  });

  it('treats an empty box or a fraction as invalid', () => {
    expect(checkWatchTimeForm({ enabled: false, rewardInterval: '', coinsPerInterval: 2.5 })).toEqual({
      rewardInterval: 'Reward interval must be between 1 and 1440 minutes',
      coinsPerInterval: 'Coins per interval must be between 1 and 1000',
    });
  });
});
