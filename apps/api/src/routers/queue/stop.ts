import { decisionProcedure } from './decision';
import { stopMeta } from './stop.types';

export const stop = decisionProcedure('stop', stopMeta);
