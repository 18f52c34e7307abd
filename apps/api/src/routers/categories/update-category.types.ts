import { ZCategoryOut, ZCategoryUpdate } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZUpdateCategoryInput = ZCategoryUpdate;
export const ZUpdateCategoryOutput = ZCategoryOut;

export const updateCategoryMeta: ProcedureMeta = {
  rest: {
    method: 'PUT',
    path: '/api/categories/{id}',
    summary: 'Replace a category: name, description, colour and active',
    tag: 'Categories',
    errors: [409],
  },
};
