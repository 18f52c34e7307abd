import { describe, expect, it } from 'vitest';
import { alreadyRunningMessage, EFFECT_ENDING_MESSAGE } from './effects';
import {
  isTimedEffect,
  planTrigger,
  runningEffectReads,
  TRIGGER_ACCEPTED,
  type TriggerPlan,
  type TriggerPlanAction,
  type TriggerPlanFacts,
  type TriggerPlanGo,
  triggerAcceptedMessage,
} from './trigger-plan';

const now = 1_000_000;
const plain: TriggerPlanAction = {
  id: 7,
  name: 'Spawn zombie',
  duration_seconds: 0,
  stack_mode: 'queue',
  queue_group: null,
  requires_approval: 0,
  approval_timeout_seconds: 300,
};
const timed: TriggerPlanAction = { ...plain, duration_seconds: 30 };
const facts: TriggerPlanFacts = {
  now,
  userId: 3,
  target: null,
  requestId: 'r-1',
  queueHeld: false,
  price: 120,
  tookStock: false,
  stopCommand: null,
  running: null,
};
const runningEffect = (stopStatuses: string[] = ['queued'], endsAt = now + 10_000) => ({
  id: 41,
  endsAt,
  locked: { state: 'running' as const, endsAt, stopStatuses },
});

function go(plan: TriggerPlan): TriggerPlanGo {
  if (plan.refused !== null) throw new Error(`refused: ${plan.refused}`);
  return plan;
}

describe('planTrigger: an ordinary action', () => {
  it('goes straight to this process worker, leased, announced, moving no line', () => {
    const plan = go(planTrigger(plain, facts));
    expect(plan.extend).toBeNull();
    expect(plan.deliveries).toEqual({ waiting: false, leased: true });
    expect(plan).toMatchObject({ state: 'queued', message: TRIGGER_ACCEPTED, announce: true, movesLines: false });
    expect(plan.handOver).toBe('send');
    expect(plan.row).toEqual({
      user_id: 3,
      action_id: 7,
      action_name: 'Spawn zombie',
      cost: 120,
      target: null,
      request_id: 'r-1',
      created_at: now,
      success: null,
      queue_state: null,
      approval_expires_at: null,
      queue_group: null,
      duration_seconds: 0,
      stop_command: null,
      effect_state: null,
      extends_id: null,
      took_stock: 0,
    });
  });

  it('keeps the sale: what it charged, the stock it took, the target', () => {
    const plan = go(planTrigger(plain, { ...facts, price: 150, tookStock: true, target: '7656' }));
    expect(plan.row).toMatchObject({ cost: 150, took_stock: 1, target: '7656' });
  });

  it('is held, unleased and not handed over while the streamer holds the queue', () => {
    const plan = go(planTrigger(plain, { ...facts, queueHeld: true }));
    expect(plan.deliveries).toEqual({ waiting: false, leased: false });
    expect(plan).toMatchObject({ state: 'held', movesLines: true, handOver: 'none', announce: true });
    expect(plan.message).toBe(triggerAcceptedMessage('held'));
  });
});

describe('planTrigger: queue groups', () => {
  it('waits its turn in the action group, and wakes the worker', () => {
    const plan = go(planTrigger({ ...plain, queue_group: 'arena' }, facts));
    expect(plan.deliveries).toEqual({ waiting: true, leased: false });
    expect(plan.row.queue_group).toBe('arena');
    expect(plan).toMatchObject({ state: 'queued', movesLines: true, handOver: 'wake', announce: true });
  });

  it('waits without a wake while the queue is held', () => {
    const plan = go(planTrigger({ ...plain, queue_group: 'arena' }, { ...facts, queueHeld: true }));
    expect(plan).toMatchObject({ state: 'held', handOver: 'none' });
  });
});

describe('planTrigger: approval', () => {
  const approval = { ...plain, requires_approval: 1 };

  it('waits for the streamer, marked, until its expiry; heard of only once approved', () => {
    const plan = go(planTrigger(approval, facts));
    expect(plan.deliveries).toEqual({ waiting: true, leased: false });
    expect(plan.row).toMatchObject({ queue_state: 'awaiting_approval', approval_expires_at: now + 300_000 });
    expect(plan).toMatchObject({ state: 'awaiting_approval', announce: false, movesLines: true, handOver: 'none' });
    expect(plan.message).toBe(triggerAcceptedMessage('awaiting_approval'));
  });

  it('awaits approval rather than being held while the queue is held', () => {
    expect(go(planTrigger(approval, { ...facts, queueHeld: true })).state).toBe('awaiting_approval');
  });
});

describe('planTrigger: timed effects', () => {
  const stopCommand = 'effect clear Ann';

  it('holds its own group with its duration and rendered stop', () => {
    const plan = go(planTrigger(timed, { ...facts, stopCommand }));
    expect(plan.row).toMatchObject({ queue_group: 'effect:7', duration_seconds: 30, stop_command: stopCommand });
    expect(plan.deliveries).toEqual({ waiting: true, leased: false });
    expect(plan.handOver).toBe('wake');
  });

  it("holds the action's queue group when it has one", () => {
    expect(go(planTrigger({ ...timed, queue_group: 'arena' }, { ...facts, stopCommand })).row.queue_group).toBe(
      'arena',
    );
  });

  it("'refuse': refused while one runs, with when it ends", () => {
    const running = runningEffect();
    const plan = planTrigger({ ...timed, stack_mode: 'refuse' }, { ...facts, running: { ...running, locked: null } });
    expect(plan).toEqual({ refused: alreadyRunningMessage(running.endsAt, now) });
  });

  it("'extend': lengthens the running effect, delivered at once, nothing sent", () => {
    const plan = go(
      planTrigger({ ...timed, stack_mode: 'extend' }, { ...facts, tookStock: true, running: runningEffect() }),
    );
    expect(plan.extend).toEqual({ effectId: 41, addMs: 30_000 });
    expect(plan.deliveries).toBeNull();
    expect(plan.row).toMatchObject({
      success: 1,
      effect_state: 'running',
      extends_id: 41,
      duration_seconds: 30,
      stop_command: null,
      queue_group: null,
      queue_state: null,
      cost: 120,
      took_stock: 1,
    });
    expect(plan).toMatchObject({ state: 'running', message: TRIGGER_ACCEPTED, announce: true, movesLines: true });
    expect(plan.handOver).toBe('none');
  });

  it("'extend': refused while the effect is ending (its stop is on its way)", () => {
    const running = runningEffect(['in_flight']);
    expect(planTrigger({ ...timed, stack_mode: 'extend' }, { ...facts, running })).toEqual({
      refused: EFFECT_ENDING_MESSAGE,
    });
  });

  it("'extend': an effect that is over makes this trigger an effect of its own", () => {
    const running = { ...runningEffect(), locked: { state: 'stopped' as const, endsAt: now - 1, stopStatuses: [] } };
    const plan = go(planTrigger({ ...timed, stack_mode: 'extend' }, { ...facts, stopCommand, running }));
    expect(plan.extend).toBeNull();
    expect(plan.row).toMatchObject({ queue_group: 'effect:7', extends_id: null, stop_command: stopCommand });
  });

  it("'extend' with approval: each trigger waits for the streamer (the effect is not locked)", () => {
    const action = { ...timed, stack_mode: 'extend' as const, requires_approval: 1 };
    const plan = go(planTrigger(action, { ...facts, stopCommand, running: { ...runningEffect(), locked: null } }));
    expect(plan.extend).toBeNull();
    expect(plan.state).toBe('awaiting_approval');
  });

  it('nothing running: a trigger of its own whatever the stack mode', () => {
    for (const stack_mode of ['queue', 'extend', 'refuse'] as const) {
      expect(go(planTrigger({ ...timed, stack_mode }, { ...facts, stopCommand })).extend).toBeNull();
    }
  });
});

describe('runningEffectReads', () => {
  it('reads nothing for untimed actions and for stack mode queue', () => {
    expect(runningEffectReads(plain)).toBe('none');
    expect(runningEffectReads({ ...plain, stack_mode: 'extend' })).toBe('none');
    expect(runningEffectReads({ ...timed, stack_mode: 'queue' })).toBe('none');
  });

  it("finds the running effect for 'refuse', and locks it only for an 'extend' without approval", () => {
    expect(runningEffectReads({ ...timed, stack_mode: 'refuse' })).toBe('find');
    expect(runningEffectReads({ ...timed, stack_mode: 'extend' })).toBe('find-and-lock');
    expect(runningEffectReads({ ...timed, stack_mode: 'extend', requires_approval: 1 })).toBe('find');
  });

  it('knows a timed effect by its duration', () => {
    expect(isTimedEffect(plain)).toBe(false);
    expect(isTimedEffect(timed)).toBe(true);
  });
});
