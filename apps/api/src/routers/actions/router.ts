import { router } from '../../trpc';
import { createAction, deleteAction, testAction, updateAction } from './admin-actions';
import { deliveryPreview } from './delivery-preview';
import { listActions, listAllActions } from './list-actions';
import { trigger } from './trigger-action';

export const actionsRouter = router({
  list: listActions,
  listAll: listAllActions,
  create: createAction,
  update: updateAction,
  delete: deleteAction,
  test: testAction,
  deliveryPreview,
  trigger,
});
