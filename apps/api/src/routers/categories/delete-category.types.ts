import { ZCategoryDeletedOut, ZId } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZDeleteCategoryInput = ZId;
export const ZDeleteCategoryOutput = ZCategoryDeletedOut;

export const deleteCategoryMeta: ProcedureMeta = {
  rest: {
    method: 'DELETE',
    path: '/api/categories/{id}',
    summary: 'Delete a category; the actions that used it stay, uncategorised',
    tag: 'Categories',
  },
};
