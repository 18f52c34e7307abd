import { decisionProcedure } from './decision';
import { frontMeta } from './front.types';

export const front = decisionProcedure('front', frontMeta);
