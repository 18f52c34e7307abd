import { decisionProcedure } from './decision';
import { retryMeta } from './retry.types';

export const retry = decisionProcedure('retry', retryMeta);
