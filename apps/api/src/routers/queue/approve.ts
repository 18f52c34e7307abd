import { approveMeta } from './approve.types';
import { decisionProcedure } from './decision';

export const approve = decisionProcedure('approve', approveMeta);
