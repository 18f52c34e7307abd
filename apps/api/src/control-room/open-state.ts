import { type TriggerFacts, type TTriggerState, triggerStateOf } from '@shop/domain';

/**
 * A trigger's state as the control room shows and decides it. A trigger is delivered once any target
 * took it, but while another of its targets still has it on its way (a retry, a wait for the game)
 * it is not done: it keeps its queue group and its place in the queue, and shows (and is decided
 * on) as what that delivery is doing. A running effect is running whatever its other targets do.
 */
export function openStateOf(facts: TriggerFacts & { onItsWay: number }): TTriggerState {
  const unfinished = facts.success === true && !facts.refunded && facts.onItsWay > 0 && facts.effect !== 'running';
  return triggerStateOf(unfinished ? { ...facts, success: null } : facts);
}
