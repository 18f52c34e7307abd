import { type Executor, findUserById } from '@shop/db';
import { AppError, type TUser, toUser } from '@shop/domain';

export async function readUser(db: Executor, id: number): Promise<TUser> {
  const row = await findUserById(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'User not found');
  return toUser(row);
}
