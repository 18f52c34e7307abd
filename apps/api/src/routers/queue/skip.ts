import { decisionProcedure } from './decision';
import { skipMeta } from './skip.types';

export const skip = decisionProcedure('skip', skipMeta);
