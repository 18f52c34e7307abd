import { decisionMeta } from './decision';

export { ZDecisionInput as ZFrontInput, ZDecisionOutput as ZFrontOutput } from './decision';

export const frontMeta = decisionMeta('front', 'Move a waiting trigger to the head of its line');
