import { decisionProcedure } from './decision';
import { rejectMeta } from './reject.types';

export const reject = decisionProcedure('reject', rejectMeta);
