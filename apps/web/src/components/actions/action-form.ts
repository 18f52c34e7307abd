import { schemaResolver } from '@mantine/form';
import {
  DEFAULT_ACTION_COST,
  QUEUE_FIELD_DEFAULTS,
  type TGameType,
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
}

/** A new action of the tab's game (admin-spec section 5: cost 50, target global), or the one being edited. */
export function actionFormValues(action: TStreamAction | null, gameType: TGameType): ActionFormValues {
  return {
    name: action?.name ?? '',
    description: action?.description ?? '',
    cost: action?.cost ?? DEFAULT_ACTION_COST,
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
  };
}

/** An empty or blank group box means no group; the shared schema would call '' too short. */
const groupOrNull = (group: string): string | null => group.trim() || null;

const checkWithSchema = schemaResolver(ZStreamActionInput, { sync: true });

/** The form's validator: the server's own schema (same rules, same words), with the group box read as it is sent. */
export function validateActionForm(values: ActionFormValues): Record<string, string> {
  const errors = checkWithSchema({ ...values, queueGroup: groupOrNull(values.queueGroup) });
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
  };
}

/** admin-spec section 7: an update sends only the fields that changed. */
export function changedActionFields(action: TStreamAction, payload: ActionPayload): Partial<ActionPayload> {
  const changes: Partial<ActionPayload> = {};
  if (payload.name !== action.name) changes.name = payload.name;
  if (payload.description !== action.description) changes.description = payload.description;
  if (payload.cost !== action.cost) changes.cost = payload.cost;
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
  return changes;
}
