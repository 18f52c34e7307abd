import { ZCategoryOut } from '@shop/domain';
import { z } from 'zod';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZListCategoriesOutput = z.array(ZCategoryOut);

export const listCategoriesMeta: ProcedureMeta = {
  rest: {
    method: 'GET',
    path: '/api/categories',
    summary: 'Every category by name, with how many actions use each',
    tag: 'Categories',
  },
};
