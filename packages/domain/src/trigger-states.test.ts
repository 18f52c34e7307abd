import { describe, expect, it } from 'vitest';
import { playerAwayError, waitingForOf } from './effects';
import { type LineEntry, placesInLine } from './queue-lines';
import { allowedDecisions, type TriggerFacts, triggerStateOf, viewerStateText } from './trigger-states';

const open: TriggerFacts = { refunded: false, success: null, mark: null, queueHeld: false, inFlight: 0, retrying: 0 };

describe('triggerStateOf', () => {
  it('names the refunded ends by who ended them', () => {
    expect(triggerStateOf({ ...open, refunded: true, success: false })).toBe('refunded');
    expect(triggerStateOf({ ...open, refunded: true, success: false, mark: 'rejected' })).toBe('rejected');
    expect(triggerStateOf({ ...open, refunded: true, success: false, mark: 'expired' })).toBe('expired');
    expect(triggerStateOf({ ...open, refunded: true, success: false, mark: 'skipped' })).toBe('skipped');
  });
  it('puts a send under way before the hold, and the hold before a waiting retry', () => {
    expect(triggerStateOf({ ...open, mark: 'awaiting_approval', queueHeld: true })).toBe('awaiting_approval');
    expect(triggerStateOf({ ...open, inFlight: 1, queueHeld: true })).toBe('sending');
    expect(triggerStateOf({ ...open, retrying: 1, queueHeld: true })).toBe('held');
    expect(triggerStateOf({ ...open, retrying: 1 })).toBe('retrying');
    expect(triggerStateOf(open)).toBe('queued');
    expect(triggerStateOf({ ...open, success: true })).toBe('delivered');
  });
  it('allows only the decisions that make sense in each state', () => {
    expect(allowedDecisions('awaiting_approval')).toEqual(['approve', 'reject']);
    expect(allowedDecisions('sending')).toEqual([]);
    expect(allowedDecisions('delivered')).toEqual([]);
    expect(allowedDecisions('retrying')).toEqual(['skip', 'retry']);
  });
  it("words a viewer's wait as the issue does", () => {
    expect(viewerStateText('awaiting_approval', { cost: 50 })).toBe("Waiting for the streamer's approval");
    expect(viewerStateText('queued', { cost: 50, position: 3, etaMs: 40_000 })).toBe('#3 in line, about 40 s');
    expect(viewerStateText('rejected', { cost: 50 })).toBe('Rejected: 50 coins are back in your balance');
    expect(viewerStateText('skipped', { cost: 1 })).toBe('Skipped by the streamer: 1 coin is back in your balance');
  });
});

describe('placesInLine', () => {
  const entry = (historyId: number, fields: Partial<LineEntry> = {}): LineEntry => ({
    historyId,
    state: 'queued',
    queueGroup: 'mobs',
    endpointId: 1,
    rank: 0,
    dueAt: null,
    gapSeconds: 10,
    nextAttemptAt: null,
    ...fields,
  });
  const options = { now: 1_000_000, perItemMs: 1_000, laneConcurrency: 4, groupFreeAt: new Map<string, number>() };

  it('counts the one under way first, then rank, then age; approvals wait outside the line', () => {
    const places = placesInLine(
      [entry(1), entry(2, { state: 'sending' }), entry(3, { rank: -1 }), entry(4, { state: 'awaiting_approval' })],
      options,
    );
    expect(places.get(2)).toEqual({ position: 1, eta: options.now });
    expect(places.get(3)?.position).toBe(2);
    expect(places.get(1)?.position).toBe(3);
    expect(places.get(4)).toEqual({ position: null, eta: null });
  });
  it('adds each one ahead and its gap to the estimate, from when the group is free', () => {
    const freeAt = options.now + 5_000;
    const places = placesInLine([entry(1), entry(2)], { ...options, groupFreeAt: new Map([['mobs', freeAt]]) });
    expect(places.get(1)?.eta).toBe(freeAt);
    expect(places.get(2)?.eta).toBe(freeAt + 1_000 + 10_000);
  });
  it('lines ungrouped triggers up per endpoint, several sends at once', () => {
    const lane = (id: number, endpointId: number) => entry(id, { queueGroup: null, endpointId, dueAt: id });
    const places = placesInLine([lane(1, 1), lane(2, 2), lane(3, 1), lane(4, 1), lane(5, 1), lane(6, 1)], options);
    expect(places.get(2)?.position).toBe(1);
    expect(places.get(6)).toEqual({ position: 5, eta: options.now + 1_000 });
  });
  it('cannot tell when a held trigger goes', () => {
    expect(placesInLine([entry(1, { state: 'held' })], options).get(1)).toEqual({ position: 1, eta: null });
  });
});

describe('waitingForOf', () => {
  it('names the player an individual Rust action waits for, else the game server', () => {
    expect(waitingForOf(playerAwayError('76561198000000042'))).toBe('76561198000000042 to join');
    expect(waitingForOf('Webhook connection refused')).toBe('the game server');
    expect(waitingForOf(null)).toBe('the game server');
  });
});
