import { router } from '../../trpc';
import { approve } from './approve';
import { front } from './front';
import { listMyQueue } from './list-my-queue';
import { listQueue } from './list-queue';
import { reject } from './reject';
import { retry } from './retry';
import { setHold } from './set-hold';
import { skip } from './skip';
import { stop } from './stop';
import { stopAll } from './stop-all';

export const queueRouter = router({
  list: listQueue,
  mine: listMyQueue,
  approve,
  reject,
  skip,
  front,
  retry,
  setHold,
  stop,
  stopAll,
});
