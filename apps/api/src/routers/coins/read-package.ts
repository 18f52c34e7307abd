import { type Executor, findCoinPackage } from '@shop/db';
import { AppError, type TCoinPackage, toCoinPackage } from '@shop/domain';

export async function readPackage(db: Executor, id: number): Promise<TCoinPackage> {
  const row = await findCoinPackage(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'Coin package not found');
  return toCoinPackage(row);
}
