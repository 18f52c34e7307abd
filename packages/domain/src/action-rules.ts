import {
  TARGET_PLACEHOLDER_MESSAGE,
  TARGET_TYPE_MESSAGE,
  type TGameType,
  type TTargetType,
  targetPlaceholderAllowed,
  targetTypeAllowed,
} from './actions';
import { STOP_COMMAND_REQUIRED, stopCommandPresent } from './effect-schemas';

/** The fields the cross-field rules read: an action as it would be saved. */
export interface ActionRuleFields {
  gameType: TGameType;
  targetType: TTargetType;
  webhookAction: string;
  stopCommand: string | null;
  durationSeconds: number;
  requiresApproval: boolean;
  queueGroup: string | null;
  stock: number | null;
  perStreamLimit: number | null;
  perViewerPerStreamLimit: number | null;
  surgePercent: number;
  poolGoal: number | null;
}

export interface ActionRuleBreak {
  /** The field the admin form marks. */
  path: keyof ActionRuleFields;
  message: string;
}

export const POOL_FIRING_MESSAGE = 'A crowd goal cannot need approval, last a while or target one player';
export const POOL_SELLING_MESSAGE =
  'A crowd goal cannot have a stock, per-stream limits, surge pricing or a queue group: the crowd fills it with coins and it fires once, at once, for everyone';

/**
 * Every rule that ties one field of an action to another, in the order a form shows them. Create
 * checks the new action; an update checks the stored action with the change applied, so no sequence
 * of partial updates reaches what create would refuse.
 */
export function actionRuleBreaks(v: ActionRuleFields): ActionRuleBreak[] {
  const breaks: ActionRuleBreak[] = [];
  if (!stopCommandPresent(v)) breaks.push({ path: 'stopCommand', message: STOP_COMMAND_REQUIRED });
  if (v.poolGoal !== null) {
    // A crowd goal fires once for everyone, at once: no approval, no effect timer, no single player.
    if (v.requiresApproval || v.durationSeconds > 0 || v.targetType !== 'global') {
      breaks.push({ path: 'poolGoal', message: POOL_FIRING_MESSAGE });
    }
    // Contributions are not sales: nothing would count them against a stock or a limit, raise a
    // surge, or wait for a group's turn, so a setting that promised it would be silently ignored.
    if (
      v.stock !== null ||
      v.perStreamLimit !== null ||
      v.perViewerPerStreamLimit !== null ||
      v.surgePercent > 0 ||
      v.queueGroup !== null
    ) {
      breaks.push({ path: 'poolGoal', message: POOL_SELLING_MESSAGE });
    }
  }
  if (!targetTypeAllowed(v.gameType, v.targetType)) breaks.push({ path: 'targetType', message: TARGET_TYPE_MESSAGE });
  if (!targetPlaceholderAllowed(v.targetType, v.webhookAction)) {
    breaks.push({ path: 'webhookAction', message: TARGET_PLACEHOLDER_MESSAGE });
  }
  if (!targetPlaceholderAllowed(v.targetType, v.stopCommand ?? '')) {
    breaks.push({ path: 'stopCommand', message: TARGET_PLACEHOLDER_MESSAGE });
  }
  return breaks;
}
