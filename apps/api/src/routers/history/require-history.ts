import { type Executor, findHistory } from '@shop/db';
import { AppError } from '@shop/domain';

export async function requireHistory(db: Executor, id: number) {
  const history = await findHistory(db, id);
  if (!history) throw new AppError('NOT_FOUND', 'Action history record not found');
  return history;
}
