import { STOP_COMMAND_REQUIRED, TARGET_PLACEHOLDER_MESSAGE, type TStreamAction } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { actionFormValues, actionPayload, changedActionFields, validateActionForm } from './action-form';

const action: TStreamAction = {
  id: 3,
  name: 'Spawn Bear',
  description: 'A bear appears',
  imageUrl: null,
  category: 'Game Effect',
  categoryId: 1,
  cost: 120,
  baseCost: 120,
  gameSpecific: true,
  gameType: 'rust',
  targetType: 'individual',
  webhookAction: 'spawn bear {target}',
  minecraftServer: null,
  active: true,
  cooldownSeconds: 30,
  userCooldownSeconds: 0,
  availableAt: null,
  userAvailableAt: null,
  requiresApproval: false,
  approvalTimeoutSeconds: 120,
  queueGroup: null,
  gapSeconds: 0,
  durationSeconds: 0,
  stopCommand: null,
  stackMode: 'queue',
  waitForTarget: true,
  holdMaxSeconds: 600,
  stock: null,
  perStreamLimit: null,
  perViewerPerStreamLimit: null,
  surgePercent: 0,
  surgeDecaySeconds: 300,
  surgeMaxMultiplier: 2,
  stockLeft: null,
  streamLimitLeft: null,
  viewerLimitLeft: null,
  limitWindow: 'stream',
  currentCost: 120,
  poolGoal: null,
  poolWindowSeconds: 600,
};

describe('action form', () => {
  it('starts a new action at cost 50, global, of the tab game', () => {
    const values = actionFormValues(null, 'minecraft');
    expect(values).toMatchObject({ cost: 50, gameType: 'minecraft', targetType: 'global', category: null });
  });

  it('trims, empties to null, and forces global outside Rust', () => {
    const payload = actionPayload({
      ...actionFormValues(null, 'minecraft'),
      name: '  Creeper ',
      cost: '75',
      imageUrl: '  ',
      category: '',
      targetType: 'individual',
    });
    expect(payload).toMatchObject({ name: 'Creeper', cost: 75, imageUrl: null, category: null, targetType: 'global' });
  });

  it('sends only what changed', () => {
    const payload = actionPayload({ ...actionFormValues(action, 'rust'), cost: 150, description: 'A bear appears ' });
    expect(changedActionFields(action, payload)).toEqual({ cost: 150 });
    expect(changedActionFields(action, actionPayload(actionFormValues(action, 'rust')))).toEqual({});
  });

  it('edits the base price while surge raises the price now, and sends no cost when it was left alone', () => {
    const surged = { ...action, cost: 180, baseCost: 120, currentCost: 180 };
    const values = actionFormValues(surged, 'rust');
    expect(values.cost).toBe(120);
    expect(changedActionFields(surged, actionPayload(values))).toEqual({});
    expect(changedActionFields(surged, actionPayload({ ...values, cost: 130 }))).toEqual({ cost: 130 });
  });

  it('carries the cooldowns: 0 for a new action, changed ones on edit', () => {
    expect(actionFormValues(null, 'any')).toMatchObject({ cooldownSeconds: 0, userCooldownSeconds: 0 });
    const payload = actionPayload({
      ...actionFormValues(action, 'rust'),
      cooldownSeconds: 30,
      userCooldownSeconds: '45',
    });
    expect(changedActionFields(action, payload)).toEqual({ userCooldownSeconds: 45 });
  });

  it('starts a new action with no approval, no group and no gap', () => {
    expect(actionFormValues(null, 'any')).toMatchObject({
      requiresApproval: false,
      approvalTimeoutSeconds: 120,
      queueGroup: '',
      gapSeconds: 0,
    });
  });

  it('sends a blank group as none, trims a named one, and sends only the queue fields that changed', () => {
    expect(actionPayload({ ...actionFormValues(action, 'rust'), queueGroup: '   ' }).queueGroup).toBeNull();
    const payload = actionPayload({
      ...actionFormValues(action, 'rust'),
      requiresApproval: true,
      approvalTimeoutSeconds: '300',
      queueGroup: ' spawns ',
      gapSeconds: 15,
    });
    expect(changedActionFields(action, payload)).toEqual({
      requiresApproval: true,
      approvalTimeoutSeconds: 300,
      queueGroup: 'spawns',
      gapSeconds: 15,
    });
  });

  it("checks the queue fields with the server's schema and words", () => {
    const valid = actionFormValues(action, 'rust');
    expect(validateActionForm(valid)).toEqual({});
    // An empty group box is no group, not a too-short name.
    expect(validateActionForm({ ...valid, queueGroup: '' })).toEqual({});
    expect(validateActionForm({ ...valid, queueGroup: 'x'.repeat(41) })).toEqual({
      queueGroup: 'Queue group must be 1 to 40 characters',
    });
    expect(validateActionForm({ ...valid, requiresApproval: true, approvalTimeoutSeconds: 5 })).toEqual({
      approvalTimeoutSeconds: 'Approval timeout must be at least 10 seconds',
    });
    expect(validateActionForm({ ...valid, gapSeconds: 601 })).toEqual({
      gapSeconds: 'Gap must be at most 600 seconds',
    });
    expect(validateActionForm({ ...valid, gapSeconds: '' })).toHaveProperty('gapSeconds');
  });

  it('starts a new action instant, waiting for the game server up to 600 s', () => {
    expect(actionFormValues(null, 'any')).toMatchObject({
      durationSeconds: 0,
      stopCommand: '',
      stackMode: 'queue',
      waitForTarget: true,
      holdMaxSeconds: 600,
    });
    expect(actionPayload(actionFormValues(null, 'any'))).toMatchObject({ durationSeconds: 0, stopCommand: null });
  });

  it('sends a timed effect with its trimmed stop command, and only the effect fields that changed', () => {
    const payload = actionPayload({
      ...actionFormValues(action, 'rust'),
      durationSeconds: '30',
      stopCommand: '  unspawn bear {target} ',
      stackMode: 'extend',
      waitForTarget: false,
    });
    expect(changedActionFields(action, payload)).toEqual({
      durationSeconds: 30,
      stopCommand: 'unspawn bear {target}',
      stackMode: 'extend',
      waitForTarget: false,
    });
  });

  it('drops the stop command of an instant action: its box is hidden, nothing is left to stop', () => {
    const timed = { ...action, durationSeconds: 30, stopCommand: 'unspawn bear' };
    const payload = actionPayload({ ...actionFormValues(timed, 'rust'), durationSeconds: 0 });
    expect(payload.stopCommand).toBeNull();
    expect(changedActionFields(timed, payload)).toEqual({ durationSeconds: 0, stopCommand: null });
    expect(validateActionForm({ ...actionFormValues(action, 'rust'), stopCommand: '   ' })).toEqual({});
  });

  it("checks the effect fields with the server's schema and words", () => {
    const valid = actionFormValues(action, 'rust');
    expect(validateActionForm({ ...valid, durationSeconds: 30, stopCommand: 'unspawn bear' })).toEqual({});
    expect(validateActionForm({ ...valid, durationSeconds: 30, stopCommand: '  ' })).toEqual({
      stopCommand: STOP_COMMAND_REQUIRED,
    });
    expect(validateActionForm({ ...valid, durationSeconds: 3601, stopCommand: 'x' })).toEqual({
      durationSeconds: 'Duration must be at most 3600 seconds',
    });
    expect(validateActionForm({ ...valid, holdMaxSeconds: 5 })).toEqual({
      holdMaxSeconds: 'Hold limit must be at least 10 seconds',
    });
    expect(validateActionForm({ ...valid, durationSeconds: '' })).toHaveProperty('durationSeconds');
    // {target} in a stop command needs an individual Rust action, as in the start command.
    const global = { ...valid, targetType: 'global' as const, webhookAction: 'spawn bear' };
    expect(validateActionForm({ ...global, durationSeconds: 30, stopCommand: 'unspawn {target}' })).toEqual({
      stopCommand: TARGET_PLACEHOLDER_MESSAGE,
    });
  });

  it('starts a new action unlimited, with no limits and surge off, empty boxes meaning none', () => {
    const values = actionFormValues(null, 'any');
    expect(values).toMatchObject({
      stock: '',
      perStreamLimit: '',
      perViewerPerStreamLimit: '',
      surgePercent: 0,
      surgeDecaySeconds: 300,
      surgeMaxMultiplier: 2,
    });
    expect(actionPayload(values)).toMatchObject({
      stock: null,
      perStreamLimit: null,
      perViewerPerStreamLimit: null,
      surgePercent: 0,
    });
    // 0 is a stock (sold out), not 'unlimited'.
    expect(actionPayload({ ...values, stock: 0 }).stock).toBe(0);
  });

  it('restocks by sending the typed stock, and clears limits back to none', () => {
    const limited = { ...action, stock: 2, perStreamLimit: 3, perViewerPerStreamLimit: 1 };
    expect(actionFormValues(limited, 'rust')).toMatchObject({
      stock: 2,
      perStreamLimit: 3,
      perViewerPerStreamLimit: 1,
    });
    const payload = actionPayload({ ...actionFormValues(limited, 'rust'), stock: 50, perViewerPerStreamLimit: '' });
    expect(changedActionFields(limited, payload)).toEqual({ stock: 50, perViewerPerStreamLimit: null });
    expect(changedActionFields(limited, actionPayload(actionFormValues(limited, 'rust')))).toEqual({});
  });

  it('sends the surge settings that changed, decimals kept for the cap', () => {
    const payload = actionPayload({
      ...actionFormValues(action, 'rust'),
      surgePercent: '25',
      surgeDecaySeconds: 60,
      surgeMaxMultiplier: 1.5,
    });
    expect(changedActionFields(action, payload)).toEqual({
      surgePercent: 25,
      surgeDecaySeconds: 60,
      surgeMaxMultiplier: 1.5,
    });
  });

  it("checks the economy fields with the server's schema and words", () => {
    const valid = actionFormValues(action, 'rust');
    expect(validateActionForm({ ...valid, stock: '', perStreamLimit: '', perViewerPerStreamLimit: '' })).toEqual({});
    expect(validateActionForm({ ...valid, stock: 0, perStreamLimit: 3, perViewerPerStreamLimit: 1 })).toEqual({});
    expect(validateActionForm({ ...valid, stock: 1_000_001 })).toEqual({ stock: 'Stock must be at most 1,000,000' });
    expect(validateActionForm({ ...valid, perStreamLimit: 0 })).toEqual({
      perStreamLimit: 'Per-stream limit must be at least 1',
    });
    expect(validateActionForm({ ...valid, perViewerPerStreamLimit: 10_001 })).toEqual({
      perViewerPerStreamLimit: 'Per-viewer limit must be at most 10,000',
    });
    expect(validateActionForm({ ...valid, surgePercent: 101 })).toEqual({
      surgePercent: 'Surge must be at most 100 percent',
    });
    expect(validateActionForm({ ...valid, surgeDecaySeconds: 5 })).toEqual({
      surgeDecaySeconds: 'Surge fade must be at least 10 seconds',
    });
    expect(validateActionForm({ ...valid, surgeMaxMultiplier: 10.5 })).toEqual({
      surgeMaxMultiplier: 'Surge cap must be at most 10',
    });
    expect(validateActionForm({ ...valid, surgeMaxMultiplier: 1.25 })).toEqual({});
    expect(validateActionForm({ ...valid, surgePercent: '' })).toHaveProperty('surgePercent');
  });
});
