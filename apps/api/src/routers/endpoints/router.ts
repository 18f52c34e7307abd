import { router } from '../../trpc';
import { createEndpoint } from './create-endpoint';
import { deleteEndpoint } from './delete-endpoint';
import { listEndpoints } from './list-endpoints';
import { rotateOverlayToken } from './rotate-overlay-token';
import { testEndpoint } from './test-endpoint';
import { updateEndpoint } from './update-endpoint';

export const endpointsRouter = router({
  list: listEndpoints,
  create: createEndpoint,
  update: updateEndpoint,
  delete: deleteEndpoint,
  test: testEndpoint,
  rotateOverlayToken,
});
