import { listCategories as listRows } from '@shop/db';
import { toCategory } from '@shop/domain';
import { publicProcedure } from '../../trpc';
import { listCategoriesMeta, ZListCategoriesOutput } from './list-categories.types';

/** admin-spec section 6: the categories page may read the list for anyone who reaches it. */
export const listCategories = publicProcedure
  .meta(listCategoriesMeta)
  .output(ZListCategoriesOutput)
  .query(async ({ ctx }) => (await listRows(ctx.services.db.kysely)).map(toCategory));
