import { decisionMeta } from './decision';

export { ZDecisionInput as ZRejectInput, ZDecisionOutput as ZRejectOutput } from './decision';

export const rejectMeta = decisionMeta('reject', 'Reject a trigger awaiting approval: its coins go back to the viewer');
