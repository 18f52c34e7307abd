import type { TStreamAction } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { actionFormValues, actionPayload, changedActionFields } from './action-form';

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
});
