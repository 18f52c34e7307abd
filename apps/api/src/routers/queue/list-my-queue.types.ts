import { ZMyQueueOut } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZListMyQueueOutput = ZMyQueueOut;

export const listMyQueueMeta: ProcedureMeta = {
  rest: {
    method: 'GET',
    path: '/api/queue/mine',
    summary: "The signed-in viewer's triggers not yet at an end: state, place in line and estimate",
    tag: 'Queue',
  },
};
