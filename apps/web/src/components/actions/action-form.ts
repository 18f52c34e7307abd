import { schemaResolver } from '@mantine/form';
import {
  DEFAULT_ACTION_COST,
  ECONOMY_FIELD_DEFAULTS,
  EFFECT_FIELD_DEFAULTS,
  QUEUE_FIELD_DEFAULTS,
  type TGameType,
  type TStackMode,
  type TStreamAction,
  type TTargetType,
  ZStreamActionInput,
} from '@shop/domain';

/** What the action dialog edits; cost is a string while the number field is empty. */
export interface ActionFormValues {
  name: string;
  description: string;
  cost: number | string;
  category: string | null;
  webhookAction: string;
  imageUrl: string;
  gameType: TGameType;
  targetType: TTargetType;
  active: boolean;
  /** Seconds; strings while the number field is empty (the shared schema then says what is wrong). */
  cooldownSeconds: number | string;
  userCooldownSeconds: number | string;
  requiresApproval: boolean;
  approvalTimeoutSeconds: number | string;
  /** '' for none: the text box cannot hold null. */
  queueGroup: string;
  gapSeconds: number | string;
  durationSeconds: number | string;
  /** '' for none, as the group box. */
  stopCommand: string;
  stackMode: TStackMode;
  waitForTarget: boolean;
  holdMaxSeconds: number | string;
  /** '' for unlimited: an empty box reads as 'no stock kept', not as 0 (sold out). */
  stock: number | string;
  /** '' for no limit. */
  perStreamLimit: number | string;
  perViewerPerStreamLimit: number | string;
  surgePercent: number | string;
  surgeDecaySeconds: number | string;
  surgeMaxMultiplier: number | string;
}

export interface ActionPayload {
  name: string;
  description: string;
  cost: number;
  category: string | null;
  webhookAction: string;
  imageUrl: string | null;
  gameType: TGameType;
  targetType: TTargetType;
  active: boolean;
  cooldownSeconds: number;
  userCooldownSeconds: number;
  requiresApproval: boolean;
  approvalTimeoutSeconds: number;
  queueGroup: string | null;
  gapSeconds: number;
  durationSeconds: number;
  stopCommand: string | null;
  stackMode: TStackMode;
  waitForTarget: boolean;
  holdMaxSeconds: number;
  stock: number | null;
  perStreamLimit: number | null;
  perViewerPerStreamLimit: number | null;
  surgePercent: number;
  surgeDecaySeconds: number;
  surgeMaxMultiplier: number;
}

/** A nullable number (stock, limits) in its box: empty for none. */
const blankForNull = (value: number | null): number | string => value ?? '';

/** A new action of the tab's game (admin-spec section 5: cost 50, target global), or the one being edited. */
export function actionFormValues(action: TStreamAction | null, gameType: TGameType): ActionFormValues {
  return {
    name: action?.name ?? '',
    description: action?.description ?? '',
    // The streamer's price: cost is what a trigger pays now, surge included.
    cost: action?.baseCost ?? DEFAULT_ACTION_COST,
    category: action?.category ?? null,
    webhookAction: action?.webhookAction ?? '',
    imageUrl: action?.imageUrl ?? '',
    gameType: action?.gameType ?? gameType,
    targetType: action?.targetType ?? 'global',
    active: action?.active ?? true,
    cooldownSeconds: action?.cooldownSeconds ?? 0,
    userCooldownSeconds: action?.userCooldownSeconds ?? 0,
    requiresApproval: action?.requiresApproval ?? QUEUE_FIELD_DEFAULTS.requiresApproval,
    approvalTimeoutSeconds: action?.approvalTimeoutSeconds ?? QUEUE_FIELD_DEFAULTS.approvalTimeoutSeconds,
    queueGroup: action?.queueGroup ?? '',
    gapSeconds: action?.gapSeconds ?? QUEUE_FIELD_DEFAULTS.gapSeconds,
    durationSeconds: action?.durationSeconds ?? EFFECT_FIELD_DEFAULTS.durationSeconds,
    stopCommand: action?.stopCommand ?? '',
    stackMode: action?.stackMode ?? EFFECT_FIELD_DEFAULTS.stackMode,
    waitForTarget: action?.waitForTarget ?? EFFECT_FIELD_DEFAULTS.waitForTarget,
    holdMaxSeconds: action?.holdMaxSeconds ?? EFFECT_FIELD_DEFAULTS.holdMaxSeconds,
    // The stock as it is now, after sales: restocking is typing a new number here.
    stock: blankForNull(action ? action.stock : ECONOMY_FIELD_DEFAULTS.stock),
    perStreamLimit: blankForNull(action ? action.perStreamLimit : ECONOMY_FIELD_DEFAULTS.perStreamLimit),
    perViewerPerStreamLimit: blankForNull(
      action ? action.perViewerPerStreamLimit : ECONOMY_FIELD_DEFAULTS.perViewerPerStreamLimit,
    ),
    surgePercent: action?.surgePercent ?? ECONOMY_FIELD_DEFAULTS.surgePercent,
    surgeDecaySeconds: action?.surgeDecaySeconds ?? ECONOMY_FIELD_DEFAULTS.surgeDecaySeconds,
    surgeMaxMultiplier: action?.surgeMaxMultiplier ?? ECONOMY_FIELD_DEFAULTS.surgeMaxMultiplier,
  };
}

/** An empty box of a nullable number (stock, limits) means none; anything else is read as typed. */
const nullForBlank = (value: number | string): number | null =>
  typeof value === 'string' && value.trim() === '' ? null : Number(value);

/** The economy boxes as they are sent, so the form checks exactly what the server will. */
const economyOf = (values: ActionFormValues) => ({
  stock: nullForBlank(values.stock),
  perStreamLimit: nullForBlank(values.perStreamLimit),
  perViewerPerStreamLimit: nullForBlank(values.perViewerPerStreamLimit),
});

/** An empty or blank group box means no group; the shared schema would call '' too short. */
const groupOrNull = (group: string): string | null => group.trim() || null;

/**
 * An instant action keeps no stop command: the box is hidden then, and a leftover would be sent
 * with nothing to stop.
 */
const stopOrNull = (values: Pick<ActionFormValues, 'durationSeconds' | 'stopCommand'>): string | null =>
  Number(values.durationSeconds) > 0 ? values.stopCommand.trim() || null : null;

const checkWithSchema = schemaResolver(ZStreamActionInput, { sync: true });

/** The form's validator: the server's own schema (same rules, same words), with the boxes read as they are sent. */
export function validateActionForm(values: ActionFormValues): Record<string, string> {
  const errors = checkWithSchema({
    ...values,
    queueGroup: groupOrNull(values.queueGroup),
    stopCommand: stopOrNull(values),
    ...economyOf(values),
  });
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, String(message)]));
}

/** Validated form values as the server takes them; only Rust actions may target one player. */
export function actionPayload(values: ActionFormValues): ActionPayload {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    cost: Number(values.cost),
    category: values.category || null,
    webhookAction: values.webhookAction.trim(),
    imageUrl: values.imageUrl.trim() || null,
    gameType: values.gameType,
    targetType: values.gameType === 'rust' ? values.targetType : 'global',
    active: values.active,
    cooldownSeconds: Number(values.cooldownSeconds),
    userCooldownSeconds: Number(values.userCooldownSeconds),
    requiresApproval: values.requiresApproval,
    approvalTimeoutSeconds: Number(values.approvalTimeoutSeconds),
    queueGroup: groupOrNull(values.queueGroup),
    gapSeconds: Number(values.gapSeconds),
    durationSeconds: Number(values.durationSeconds),
    stopCommand: stopOrNull(values),
    stackMode: values.stackMode,
    waitForTarget: values.waitForTarget,
    holdMaxSeconds: Number(values.holdMaxSeconds),
    ...economyOf(values),
    surgePercent: Number(values.surgePercent),
    surgeDecaySeconds: Number(values.surgeDecaySeconds),
    surgeMaxMultiplier: Number(values.surgeMaxMultiplier),
  };
}

/** admin-spec section 7: an update sends only the fields that changed. */
export function changedActionFields(action: TStreamAction, payload: ActionPayload): Partial<ActionPayload> {
  const changes: Partial<ActionPayload> = {};
  if (payload.name !== action.name) changes.name = payload.name;
  if (payload.description !== action.description) changes.description = payload.description;
  if (payload.cost !== action.baseCost) changes.cost = payload.cost;
  if (payload.category !== action.category) changes.category = payload.category;
  if (payload.webhookAction !== action.webhookAction) changes.webhookAction = payload.webhookAction;
  if (payload.imageUrl !== action.imageUrl) changes.imageUrl = payload.imageUrl;
  if (payload.gameType !== action.gameType) changes.gameType = payload.gameType;
  if (payload.targetType !== action.targetType) changes.targetType = payload.targetType;
  if (payload.active !== action.active) changes.active = payload.active;
  if (payload.cooldownSeconds !== action.cooldownSeconds) changes.cooldownSeconds = payload.cooldownSeconds;
  if (payload.userCooldownSeconds !== action.userCooldownSeconds) {
    changes.userCooldownSeconds = payload.userCooldownSeconds;
  }
  if (payload.requiresApproval !== action.requiresApproval) changes.requiresApproval = payload.requiresApproval;
  if (payload.approvalTimeoutSeconds !== action.approvalTimeoutSeconds) {
    changes.approvalTimeoutSeconds = payload.approvalTimeoutSeconds;
  }
  if (payload.queueGroup !== action.queueGroup) changes.queueGroup = payload.queueGroup;
  if (payload.gapSeconds !== action.gapSeconds) changes.gapSeconds = payload.gapSeconds;
  if (payload.durationSeconds !== action.durationSeconds) changes.durationSeconds = payload.durationSeconds;
  if (payload.stopCommand !== action.stopCommand) changes.stopCommand = payload.stopCommand;
  if (payload.stackMode !== action.stackMode) changes.stackMode = payload.stackMode;
  if (payload.waitForTarget !== action.waitForTarget) changes.waitForTarget = payload.waitForTarget;
  if (payload.holdMaxSeconds !== action.holdMaxSeconds) changes.holdMaxSeconds = payload.holdMaxSeconds;
  // Compared with the stock when the dialog opened: sales since then are not an edit, so saving a
  // renamed action does not put sold items back.
  if (payload.stock !== action.stock) changes.stock = payload.stock;
  if (payload.perStreamLimit !== action.perStreamLimit) changes.perStreamLimit = payload.perStreamLimit;
  if (payload.perViewerPerStreamLimit !== action.perViewerPerStreamLimit) {
    changes.perViewerPerStreamLimit = payload.perViewerPerStreamLimit;
  }
  if (payload.surgePercent !== action.surgePercent) changes.surgePercent = payload.surgePercent;
  if (payload.surgeDecaySeconds !== action.surgeDecaySeconds) changes.surgeDecaySeconds = payload.surgeDecaySeconds;
  if (payload.surgeMaxMultiplier !== action.surgeMaxMultiplier) {
    changes.surgeMaxMultiplier = payload.surgeMaxMultiplier;
  }
  return changes;
}
