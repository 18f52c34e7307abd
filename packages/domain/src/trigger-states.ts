// No zod here: the receipts and the history pages read these without loading any.
import type { TEffectState } from './effects';
import { formatNumber } from './format';

/**
 * Where a trigger stands, one vocabulary for the queue, the viewer's receipts, /history, the
 * dashboard and the admin history. The last five are ends; of those, the last four gave the coins back.
 */
export const TRIGGER_STATES = [
  'awaiting_approval',
  'queued',
  'held',
  'sending',
  'retrying',
  'running',
  'delivered',
  'failed',
  'refunded',
  'rejected',
  'expired',
  'skipped',
] as const;
export type TTriggerState = (typeof TRIGGER_STATES)[number];

export const REFUNDED_ENDS = ['refunded', 'rejected', 'expired', 'skipped'] as const satisfies readonly TTriggerState[];
export const ENDED_STATES = ['delivered', 'failed', ...REFUNDED_ENDS] as const satisfies readonly TTriggerState[];

export function isEnded(state: TTriggerState): boolean {
  return (ENDED_STATES as readonly TTriggerState[]).includes(state);
}

/**
 * What the streamer decided about a trigger, as stored beside it (action_history.queue_state): null
 * while it runs the ordinary way. 'awaiting_approval' becomes null on approval.
 */
export const QUEUE_MARKS = ['awaiting_approval', 'rejected', 'expired', 'skipped'] as const;
export type TQueueMark = (typeof QUEUE_MARKS)[number];

export const QUEUE_DECISIONS = ['approve', 'reject', 'skip', 'front', 'retry', 'stop'] as const;
export type TQueueDecision = (typeof QUEUE_DECISIONS)[number];

/** Which decisions a trigger in this state allows; anything else is answered 409. */
export function allowedDecisions(state: TTriggerState): TQueueDecision[] {
  switch (state) {
    case 'awaiting_approval':
      return ['approve', 'reject'];
    case 'queued':
      return ['skip', 'front'];
    case 'held':
      return ['skip', 'front', 'retry'];
    case 'retrying':
      return ['skip', 'retry'];
    case 'running':
      return ['stop'];
    default:
      return [];
  }
}

/** Why a decision cannot be taken now, in words for the 409. */
export function refusedDecisionMessage(decision: TQueueDecision, state: TTriggerState): string {
  const verb: Record<TQueueDecision, string> = {
    approve: 'approved',
    reject: 'rejected',
    skip: 'skipped',
    front: 'moved to the front',
    retry: 'retried now',
    stop: 'stopped now',
  };
  return `This trigger cannot be ${verb[decision]}: it is ${stateLabel(state).toLowerCase()}`;
}

/** The state's name as a badge or a sentence shows it. */
export function stateLabel(state: TTriggerState): string {
  const labels: Record<TTriggerState, string> = {
    awaiting_approval: 'Awaiting approval',
    queued: 'Queued',
    held: 'Held',
    sending: 'Sending',
    retrying: 'Retrying',
    running: 'Running',
    delivered: 'Delivered',
    failed: 'Failed',
    refunded: 'Refunded',
    rejected: 'Rejected',
    expired: 'Expired',
    skipped: 'Skipped',
  };
  return labels[state];
}

/** What a trigger's rows say, as the state's derivation needs it. */
export interface TriggerFacts {
  refunded: boolean;
  success: boolean | null;
  mark: TQueueMark | null;
  /** The streamer holds the whole queue: nothing waiting is sent. */
  queueHeld: boolean;
  /** How many of its own deliveries are being sent now, wait for a retry, or wait their turn. */
  inFlight: number;
  retrying: number;
  /** A timed effect's state once its start was delivered. */
  effect?: TEffectState | null;
  /** How many of its deliveries wait for a target that did not answer (hold until ready). */
  waitingForTarget?: number;
}

/** The one state of a trigger, from its flags, the streamer's mark and its deliveries. */
export function triggerStateOf(facts: TriggerFacts): TTriggerState {
  if (facts.refunded) {
    if (facts.mark === 'rejected' || facts.mark === 'expired' || facts.mark === 'skipped') return facts.mark;
    return 'refunded';
  }
  if (facts.success === true) return facts.effect === 'running' ? 'running' : 'delivered';
  if (facts.success === false) return 'failed';
  if (facts.mark === 'awaiting_approval') return 'awaiting_approval';
  if (facts.inFlight > 0) return 'sending';
  if (facts.queueHeld || (facts.waitingForTarget ?? 0) > 0) return 'held';
  if (facts.retrying > 0) return 'retrying';
  return 'queued';
}

/**
 * When a trigger at `position` (1 = next) of a line may start: each one ahead takes about
 * `perItemMs` to send, plus the group's gap. An estimate, and said as one ('about 40 s').
 */
export function queueEta(position: number, now: number, gapSeconds: number, perItemMs: number): number {
  const ahead = Math.max(0, position - 1);
  return now + ahead * (perItemMs + gapSeconds * 1000);
}

/** 'about 40 s', 'about 3 min': how far off an estimate is, rounded as a person would say it. */
export function aboutIn(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `about ${Math.max(1, seconds)} s`;
  return `about ${Math.round(seconds / 60)} min`;
}

/**
 * What the paying viewer reads about their trigger in this state (the toast and /history):
 * 'Waiting for the streamer's approval', '#3 in line, about 40 s', 'Rejected: 50 coins are back in
 * your balance'.
 */
export function viewerStateText(
  state: TTriggerState,
  info: { cost: number; position?: number | null; etaMs?: number | null },
): string {
  const coins = `${formatNumber(info.cost)} ${info.cost === 1 ? 'coin is' : 'coins are'} back in your balance`;
  switch (state) {
    case 'awaiting_approval':
      return "Waiting for the streamer's approval";
    case 'queued':
    case 'held': {
      const line =
        info.position != null ? `#${info.position} in line` : state === 'held' ? 'Held by the streamer' : 'In line';
      const wait = info.etaMs != null && state === 'queued' ? `, ${aboutIn(info.etaMs)}` : '';
      return state === 'held' && info.position != null
        ? `${line}, the streamer is holding the queue`
        : `${line}${wait}`;
    }
    case 'sending':
      return 'Sending to the game';
    case 'retrying':
      return 'Retrying: the game server did not answer';
    case 'running':
      return 'Running';
    case 'delivered':
      return 'Delivered';
    case 'failed':
      return 'The game server did not accept the action';
    case 'refunded':
      return `Refunded: ${coins}`;
    case 'rejected':
      return `Rejected: ${coins}`;
    case 'expired':
      return `Not approved in time: ${coins}`;
    case 'skipped':
      return `Skipped by the streamer: ${coins}`;
  }
}
