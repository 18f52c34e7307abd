import { decisionMeta } from './decision';

export { ZDecisionInput as ZRetryInput, ZDecisionOutput as ZRetryOutput } from './decision';

export const retryMeta = decisionMeta('retry', 'Try a retrying or held trigger now');
