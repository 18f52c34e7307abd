import { ZPoolListOut } from '@shop/domain';
import { z } from 'zod';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZListPoolsInput = z.void();
export const ZListPoolsOutput = ZPoolListOut;

export const listPoolsMeta: ProcedureMeta = {
  rest: {
    method: 'GET',
    path: '/api/pools',
    summary:
      'The crowd goals gathering coins now: goal, coins raised, how many viewers chipped in, and when the window ends',
    tag: 'Actions',
  },
};
