import { DEFAULT_ACTION_COST, type TGameType, type TStreamAction, type TTargetType } from '@shop/domain';

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
  };
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
  return changes;
}
