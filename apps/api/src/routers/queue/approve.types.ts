import { decisionMeta } from './decision';

export { ZDecisionInput as ZApproveInput, ZDecisionOutput as ZApproveOutput } from './decision';

export const approveMeta = decisionMeta('approve', 'Approve a trigger awaiting approval: it goes into its line');
