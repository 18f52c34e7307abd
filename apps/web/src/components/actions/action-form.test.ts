import type { TStreamAction } from '@shop/domain';
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
});
