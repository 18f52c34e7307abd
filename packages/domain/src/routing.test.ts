import { describe, expect, it } from 'vitest';
import { ZDeliveryPreviewInput, ZStreamActionInput } from './action-schemas';
import { TARGET_PLACEHOLDER_MESSAGE, targetPlaceholderAllowed } from './actions';
import { ENDPOINT_GAME_TYPES, endpointTakesAction, endpointTransportLabel, type TCurrentGame } from './endpoints';
import { historyNeedsLiveUpdates } from './history';
import { ZHistoryQuery } from './history-schemas';

const takers = (action: 'any' | 'minecraft' | 'rust', currentGame: TCurrentGame) =>
  ENDPOINT_GAME_TYPES.filter((endpoint) => endpointTakesAction(endpoint, action, currentGame));

describe('routing an action to endpoints (DESIGN.md)', () => {
  it('a universal action reaches every endpoint while the game is unknown', () => {
    expect(takers('any', null)).toEqual(['other', 'minecraft', 'rust']);
  });

  it("a universal action reaches the current game's endpoints and 'other' ones once the game is known", () => {
    expect(takers('any', 'minecraft')).toEqual(['other', 'minecraft']);
    expect(takers('any', 'rust')).toEqual(['other', 'rust']);
  });

  it("a game's action reaches that game's endpoints and 'other' ones, whatever is being played", () => {
    for (const current of [null, 'minecraft', 'rust'] as const) {
      expect(takers('minecraft', current)).toEqual(['other', 'minecraft']);
      expect(takers('rust', current)).toEqual(['other', 'rust']);
    }
  });
});

describe('endpointTransportLabel', () => {
  it('names the transport and never shows a secret', () => {
    expect(endpointTransportLabel('rcon://10.0.0.5:25575')).toBe('Minecraft server at 10.0.0.5:25575');
    expect(endpointTransportLabel('webrcon://rust.example:28016/s3cret-pass')).toBe(
      'Rust server at rust.example:28016',
    );
    expect(endpointTransportLabel('overlay://main')).toBe('Overlay');
    expect(endpointTransportLabel('https://user:pw@hooks.example/api/TOKEN?key=abc')).toBe(
      'Webhook https://hooks.example/…',
    );
    expect(endpointTransportLabel('https://hooks.example')).toBe('Webhook https://hooks.example');
    expect(endpointTransportLabel('not a url')).toBe('Unknown target');
  });
});

describe('{target} in a command', () => {
  it('is refused in a global action and allowed in an individual one', () => {
    expect(targetPlaceholderAllowed('global', 'inventory.giveto {target} wood 1')).toBe(false);
    expect(targetPlaceholderAllowed('individual', 'inventory.giveto {target} wood 1')).toBe(true);
    expect(targetPlaceholderAllowed('global', 'say {username}')).toBe(true);
    const parsed = ZStreamActionInput.safeParse({
      name: 'Gift',
      description: 'd',
      webhookAction: 'give {target} wood',
      gameType: 'minecraft',
    });
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({ message: TARGET_PLACEHOLDER_MESSAGE, path: ['webhookAction'] }),
    ]);
  });

  it('the preview input refuses an individual non-Rust action', () => {
    expect(ZDeliveryPreviewInput.safeParse({ gameType: 'any', targetType: 'individual' }).success).toBe(false);
    expect(ZDeliveryPreviewInput.parse({ gameType: 'rust' })).toEqual({ gameType: 'rust', targetType: 'global' });
  });
});

describe('history query and live updates', () => {
  it('takes status in any case and drops empty filters', () => {
    expect(ZHistoryQuery.parse({ status: 'Pending', actionName: ' ', userId: '7' })).toEqual({
      status: 'pending',
      actionName: undefined,
      username: undefined,
      userId: 7,
      limit: 50,
    });
    expect(ZHistoryQuery.safeParse({ status: 'lost' }).success).toBe(false);
  });

  it('asks for live updates only while something is on its way', () => {
    const row = {
      id: 1,
      timestamp: '',
      userId: 1,
      username: null,
      actionName: 'a',
      cost: 1,
      isTest: false,
      deliveryState: 'queued' as const,
      attempts: 0,
      maxAttempts: 4,
    };
    expect(historyNeedsLiveUpdates([{ ...row, refunded: false, success: null }])).toBe(true);
    expect(historyNeedsLiveUpdates([{ ...row, refunded: false, success: true }])).toBe(false);
    expect(
      historyNeedsLiveUpdates([
        { ...row, refunded: false, success: true, lastResend: { status: 'pending', error: null, at: '' } },
      ]),
    ).toBe(true);
  });
});
