import {
  alreadyRunningMessage,
  EFFECT_ENDING_MESSAGE,
  type EffectToExtend,
  extendVerdict,
  type TStackMode,
} from './effects';
import type { TQueueMark, TTriggerState } from './trigger-states';

/** What of an action a trigger's plan reads (a catalogue row has all of it). */
export interface TriggerPlanAction {
  id: number;
  name: string;
  /** Above 0: a timed effect, with a stop command and a stack mode. */
  duration_seconds: number;
  stack_mode: TStackMode;
  queue_group: string | null;
  requires_approval: number;
  approval_timeout_seconds: number;
}

/** A timed effect runs for a while and is stopped: it has a stop command and a stack mode. */
export function isTimedEffect(action: Pick<TriggerPlanAction, 'duration_seconds'>): boolean {
  return action.duration_seconds > 0;
}

/**
 * Which reads of the action's running effect a trigger needs: none unless a second trigger of it
 * may be refused or lengthen it ('queue' simply waits its turn in the group); the effect's lock
 * only when it may lengthen it (an approval action's triggers each wait for the streamer instead).
 */
export function runningEffectReads(action: TriggerPlanAction): 'none' | 'find' | 'find-and-lock' {
  if (!isTimedEffect(action) || action.stack_mode === 'queue') return 'none';
  return action.stack_mode === 'extend' && action.requires_approval !== 1 ? 'find-and-lock' : 'find';
}

/** What a trigger decides from, read in its transaction once it holds its locks. */
export interface TriggerPlanFacts {
  now: number;
  userId: number;
  target: string | null;
  requestId: string | null;
  /** The streamer holds the queue: nothing goes out until it is released. */
  queueHeld: boolean;
  /** What the sale charged (the price, raised by surge) and whether it took a unit of stock. */
  price: number;
  tookStock: boolean;
  /** The stop command rendered for this trigger; null for an action that is not a timed effect. */
  stopCommand: string | null;
  /** The action's effect running now, as runningEffectReads asked for it: `locked` once under its lock. */
  running: { id: number; endsAt: number; locked: EffectToExtend | null } | null;
}

/** The trigger's history row as the plan decides it; the debit, the balance and an extension's end are the writes'. */
export interface TriggerRowFields {
  user_id: number;
  action_id: number;
  action_name: string;
  cost: number;
  target: string | null;
  request_id: string | null;
  created_at: number;
  success: number | null;
  queue_state: TQueueMark | null;
  approval_expires_at: number | null;
  queue_group: string | null;
  duration_seconds: number;
  stop_command: string | null;
  effect_state: 'running' | null;
  extends_id: number | null;
  took_stock: number;
}

export interface TriggerPlanGo {
  refused: null;
  /** Lengthens the running effect by `addMs` instead of starting anything: no deliveries. */
  extend: { effectId: number; addMs: number } | null;
  /** One delivery per endpoint: born waiting (approval or queue group), born leased to this process's worker. */
  deliveries: { waiting: boolean; leased: boolean } | null;
  row: TriggerRowFields;
  /** What the viewer is told. */
  state: TTriggerState;
  message: string;
  /** After the commit: the feed event (one that awaits approval is heard of once approved). */
  announce: boolean;
  /** The control room's lines move: it waits, is held, or lengthened an effect. */
  movesLines: boolean;
  /** Straight to this process's worker, a wake for the worker's next pass (its group may be free), or neither. */
  handOver: 'send' | 'wake' | 'none';
}

/** Refused (409): the debit and everything with it roll back. */
export interface TriggerPlanRefused {
  refused: string;
}

export type TriggerPlan = TriggerPlanGo | TriggerPlanRefused;

/**
 * What a trigger does, decided from its action and the facts its transaction read: whether a
 * second trigger of a running effect is refused, lengthens it or waits its turn; whether it waits
 * for approval or in a queue group; how its row starts; what the viewer is told; and what happens
 * once it is committed.
 */
export function planTrigger(action: TriggerPlanAction, facts: TriggerPlanFacts): TriggerPlan {
  const needsApproval = action.requires_approval === 1;
  const { running } = facts;
  if (running && action.stack_mode === 'refuse') return { refused: alreadyRunningMessage(running.endsAt, facts.now) };
  const verdict = running?.locked ? extendVerdict(running.locked, facts.now) : null;
  if (verdict === 'ending') return { refused: EFFECT_ENDING_MESSAGE };
  const base = {
    user_id: facts.userId,
    action_id: action.id,
    action_name: action.name,
    cost: facts.price,
    target: facts.target,
    request_id: facts.requestId,
    created_at: facts.now,
    took_stock: facts.tookStock ? 1 : 0,
  };
  if (running && verdict === 'extend') {
    return {
      refused: null,
      extend: { effectId: running.id, addMs: action.duration_seconds * 1000 },
      deliveries: null,
      // Delivered at once, as part of the effect it lengthened; it ends with it.
      row: {
        ...base,
        success: 1,
        queue_state: null,
        approval_expires_at: null,
        queue_group: null,
        duration_seconds: action.duration_seconds,
        stop_command: null,
        effect_state: 'running',
        extends_id: running.id,
      },
      ...replyOf('running'),
      announce: true,
      movesLines: true,
      // Nothing to send: the running effect's stop, now later, ends this one too.
      handOver: 'none',
    };
  }
  return planOwnTrigger(action, facts, base, needsApproval);
}

/** A trigger of its own: sent now, or waiting for approval, its turn in a group, or the queue's release. */
function planOwnTrigger(
  action: TriggerPlanAction,
  facts: TriggerPlanFacts,
  base: Omit<
    TriggerRowFields,
    | 'success'
    | 'queue_state'
    | 'approval_expires_at'
    | 'queue_group'
    | 'duration_seconds'
    | 'stop_command'
    | 'effect_state'
    | 'extends_id'
  >,
  needsApproval: boolean,
): TriggerPlanGo {
  const timed = isTimedEffect(action);
  // A timed effect holds a queue group while it runs: its own, or one of its action's alone, so a
  // second trigger of it waits for the first to end (stackMode 'queue').
  const queueGroup = action.queue_group ?? (timed ? `effect:${action.id}` : null);
  // Waits in the control room: for the streamer's approval, or for its turn in a queue group.
  const waits = needsApproval || queueGroup !== null;
  const state: TTriggerState = needsApproval ? 'awaiting_approval' : facts.queueHeld ? 'held' : 'queued';
  return {
    refused: null,
    extend: null,
    // Nothing is sent at once while it waits or the streamer holds the queue: no lease.
    deliveries: { waiting: waits, leased: !waits && !facts.queueHeld },
    row: {
      ...base,
      success: null,
      queue_state: needsApproval ? 'awaiting_approval' : null,
      approval_expires_at: needsApproval ? facts.now + action.approval_timeout_seconds * 1000 : null,
      queue_group: queueGroup,
      duration_seconds: timed ? action.duration_seconds : 0,
      stop_command: timed ? facts.stopCommand : null,
      effect_state: null,
      extends_id: null,
    },
    ...replyOf(state),
    announce: !needsApproval,
    // An ordinary trigger that goes out at once moves nobody's place in a line.
    movesLines: waits || facts.queueHeld,
    handOver: !waits && !facts.queueHeld ? 'send' : !needsApproval && !facts.queueHeld ? 'wake' : 'none',
  };
}

function replyOf(state: TTriggerState): { state: TTriggerState; message: string } {
  return { state, message: triggerAcceptedMessage(state) };
}

export const TRIGGER_ACCEPTED = 'Your action has been sent to the streamer.';

/** The reply's words: a trigger that waits says what it waits for. */
export function triggerAcceptedMessage(state: TTriggerState): string {
  if (state === 'awaiting_approval') return "Your action is waiting for the streamer's approval.";
  if (state === 'held') return 'The streamer is holding the queue: your action goes out when it is released.';
  return TRIGGER_ACCEPTED;
}
