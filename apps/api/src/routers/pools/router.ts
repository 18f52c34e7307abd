import { router } from '../../trpc';
import { contribute } from './contribute';
import { listPools } from './list-pools';

export const poolsRouter = router({
  list: listPools,
  contribute,
});
