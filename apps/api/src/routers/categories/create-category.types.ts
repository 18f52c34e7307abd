import { ZCategoryInput, ZCategoryOut } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZCreateCategoryInput = ZCategoryInput;
export const ZCreateCategoryOutput = ZCategoryOut;

export const createCategoryMeta: ProcedureMeta = {
  rest: {
    method: 'POST',
    path: '/api/categories',
    summary: 'Create a category (colour defaults to #6B7280); names are unique in any case',
    tag: 'Categories',
    errors: [409],
  },
};
