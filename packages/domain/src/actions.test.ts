import { describe, expect, it } from 'vitest';
import { type TStreamAction, ZStreamActionInput, ZTrigger } from './action-schemas';
import { filterActions, isGameSpecific, needsTarget, targetTypeAllowed, universalActionsByCost } from './actions';
import { ZLeaderboardQuery } from './community-schemas';
import { MAX_DELIVERY_ATTEMPTS, nextAttemptDelay } from './delivery-retries';
import { triggerOutcome } from './delivery-states';
import { ZWebhookEndpointInput, ZWebhookEndpointUpdate } from './endpoint-schemas';
import { endpointTakesAction, MASKED_SECRET } from './endpoints';
import { canRefund, historyStatus } from './history';

type A = Pick<TStreamAction, 'name' | 'description' | 'category' | 'gameSpecific' | 'gameType' | 'cost'>;
const action = (name: string, gameType: TStreamAction['gameType'], extra: Partial<A> = {}): A => ({
  name,
  description: '',
  category: null,
  gameSpecific: isGameSpecific(gameType),
  gameType,
  cost: 50,
  ...extra,
});

const zombie = action('Spawn Zombie', 'minecraft', { description: 'A zombie appears', category: 'Game Effect' });
const wood = action('Gift Wood', 'rust', { description: 'Wood for a player', category: 'Game Effect' });
const horn = action('Air Horn', 'any', { description: 'Loud noise', category: 'Sound Effect', cost: 20 });
const shout = action('Shout Out', 'any', { description: 'Your name in chat', category: 'Chat Effect', cost: 10 });
const all = [zombie, wood, horn, shout];
const names = (list: A[]) => list.map((a) => a.name);

describe('shop filter (viewer-spec section 5)', () => {
  it('passes everything with the defaults', () => {
    expect(names(filterActions(all, { search: '', category: 'all', game: 'all' }))).toEqual(names(all));
  });

  it('keeps universal actions under a game tab', () => {
    expect(names(filterActions(all, { search: '', category: 'all', game: 'minecraft' }))).toEqual([
      'Spawn Zombie',
      'Air Horn',
      'Shout Out',
    ]);
    expect(names(filterActions(all, { search: '', category: 'all', game: 'any' }))).toEqual(['Air Horn', 'Shout Out']);
  });

  it('searches name and description, ignoring case', () => {
    expect(names(filterActions(all, { search: 'ZOMBIE', category: 'all', game: 'all' }))).toEqual(['Spawn Zombie']);
    expect(names(filterActions(all, { search: 'player', category: 'all', game: 'all' }))).toEqual(['Gift Wood']);
    expect(filterActions(all, { search: 'nothing like this', category: 'all', game: 'all' })).toEqual([]);
  });

  it('narrows by category, together with the other filters', () => {
    expect(names(filterActions(all, { search: '', category: 'Game Effect', game: 'rust' }))).toEqual(['Gift Wood']);
    expect(names(filterActions(all, { search: '', category: 'Sound Effect', game: 'all' }))).toEqual(['Air Horn']);
  });

  it('lists universal actions by cost for the dashboard', () => {
    expect(names(universalActionsByCost(all))).toEqual(['Shout Out', 'Air Horn']);
  });
});

describe('action rules', () => {
  it('defaults cost to 50 and refuses less than 1', () => {
    const parsed = ZStreamActionInput.parse({ name: 'A', description: 'B', webhookAction: 'say hi' });
    expect(parsed).toMatchObject({ cost: 50, gameType: 'any', targetType: 'global', active: true });
    expect(
      ZStreamActionInput.safeParse({ name: 'A', description: 'B', webhookAction: 'x', cost: 0 }).error?.issues[0]
        ?.message,
    ).toBe('Cost must be at least 1');
  });

  it('allows a player target only for Rust, and needs one to send it', () => {
    expect(targetTypeAllowed('rust', 'individual')).toBe(true);
    expect(targetTypeAllowed('minecraft', 'individual')).toBe(false);
    expect(targetTypeAllowed('minecraft', 'global')).toBe(true);
    expect(needsTarget('individual', null)).toBe(true);
    expect(needsTarget('individual', '76561198000000001')).toBe(false);
    expect(needsTarget('global', null)).toBe(false);
    expect(ZTrigger.safeParse({ actionId: 1, targetSteamId: '7656; quit' }).success).toBe(false);
  });
});

describe('delivery rules', () => {
  it('retries after 2 s, 10 s and 60 s, then gives up; never retries a permanent failure', () => {
    expect([1, 2, 3, 4].map((n) => nextAttemptDelay(n, true))).toEqual([2_000, 10_000, 60_000, null]);
    expect(nextAttemptDelay(1, false)).toBeNull();
    expect(MAX_DELIVERY_ATTEMPTS).toBe(4);
  });

  it('succeeds when any target took it and fails only when all failed for good', () => {
    expect(triggerOutcome(['failed', 'delivered'])).toBe('delivered');
    expect(triggerOutcome(['failed', 'queued'])).toBe('pending');
    expect(triggerOutcome(['failed', 'failed'])).toBe('failed');
    expect(triggerOutcome([])).toBe('pending');
  });

  it('labels history as the admin page does', () => {
    expect(historyStatus({ refunded: true, isTest: false, success: true })).toBe('Refunded');
    expect(historyStatus({ refunded: false, isTest: true, success: true })).toBe('Test');
    expect(historyStatus({ refunded: false, isTest: false, success: true })).toBe('Success');
    expect(historyStatus({ refunded: false, isTest: false, success: false })).toBe('Failed');
    expect(historyStatus({ refunded: false, isTest: false, success: null })).toBe('Pending');
    expect(canRefund({ refunded: false, isTest: true, success: true })).toBe(false);
  });

  it('limits the leaderboard to 1..100, 10 by default', () => {
    expect(ZLeaderboardQuery.parse({})).toEqual({ limit: 10 });
    expect(ZLeaderboardQuery.safeParse({ limit: '101' }).success).toBe(false);
  });
});

describe('endpoints', () => {
  it("sends an action to endpoints of its game and to 'other' ones", () => {
    expect(endpointTakesAction('other', 'minecraft', null)).toBe(true);
    expect(endpointTakesAction('minecraft', 'minecraft', null)).toBe(true);
    expect(endpointTakesAction('rust', 'minecraft', null)).toBe(false);
  });

  it('takes the five schemes and keeps a masked secret unchanged on update', () => {
    for (const url of ['https://hooks.example/x', 'rcon://10.0.0.5:25575', 'webrcon://rust.example:28016']) {
      expect(ZWebhookEndpointInput.safeParse({ url, secretKey: 's', description: 'd' }).success).toBe(true);
      expect(ZWebhookEndpointInput.safeParse({ url, description: 'd' }).error?.issues[0]?.message).toBe(
        'Secret key is required',
      );
    }
    // The built-in overlay needs no secret: the shop makes its own token.
    expect(ZWebhookEndpointInput.safeParse({ url: 'overlay://stream', description: 'd' }).success).toBe(true);
    expect(
      ZWebhookEndpointInput.safeParse({ url: 'ftp://x', secretKey: 's', description: 'd' }).error?.issues[0]?.message,
    ).toBe('URL must start with http://, https://, rcon://, webrcon:// or overlay://');
    expect(ZWebhookEndpointUpdate.parse({ id: 1, secretKey: MASKED_SECRET, active: false })).toEqual({
      id: 1,
      active: false,
    });
    expect(ZWebhookEndpointUpdate.parse({ id: 1, secretKey: 'new' })).toEqual({ id: 1, secretKey: 'new' });
  });
});
