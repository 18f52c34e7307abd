import { readOpenPools } from '../../economy/pools/read';
import { publicProcedure } from '../../trpc';
import { listPoolsMeta, ZListPoolsOutput } from './list-pools.types';

export const listPools = publicProcedure
  .meta(listPoolsMeta)
  .output(ZListPoolsOutput)
  .query(({ ctx }) => readOpenPools(ctx.services));
