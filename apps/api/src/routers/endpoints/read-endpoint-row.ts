import { type Executor, findEndpoint } from '@shop/db';
import { AppError } from '@shop/domain';

export async function readEndpointRow(db: Executor, id: number) {
  const row = await findEndpoint(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'Webhook endpoint not found');
  return row;
}
