import { type Executor, extendEffect, findRunningEffect, lockEffect, type StreamActionRow } from '@shop/db';
import { runningEffectReads, type TriggerPlanFacts, type TriggerPlanGo } from '@shop/domain';

/**
 * The action's running effect, as far as the plan needs it. Its lock is taken, and what it says is
 * read, only where a trigger may lengthen it: an 'extend' that finds it over is an effect of its own.
 */
export async function readRunningEffect(tx: Executor, action: StreamActionRow): Promise<TriggerPlanFacts['running']> {
  const reads = runningEffectReads(action);
  if (reads === 'none') return null;
  const found = await findRunningEffect(tx, action.id);
  if (!found) return null;
  const locked = reads === 'find-and-lock' ? await lockEffect(tx, found.id) : null;
  return { ...found, locked };
}

/** An extend the plan decided, under the effect's lock readRunningEffect took: the effect's new end. */
export function extendRunningEffect(tx: Executor, extend: NonNullable<TriggerPlanGo['extend']>): Promise<number> {
  return extendEffect(tx, extend.effectId, extend.addMs);
}
