import { router } from '../../trpc';
import { createAction } from './create-action';
import { deleteAction } from './delete-action';
import { deliveryPreview } from './delivery-preview';
import { listActions } from './list-actions';
import { listAllActions } from './list-all-actions';
import { testAction } from './test-action';
import { trigger } from './trigger';
import { updateAction } from './update-action';

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
