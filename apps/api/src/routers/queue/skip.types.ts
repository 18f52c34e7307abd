import { decisionMeta } from './decision';

export { ZDecisionInput as ZSkipInput, ZDecisionOutput as ZSkipOutput } from './decision';

export const skipMeta = decisionMeta('skip', 'Remove a trigger before it is sent: its coins go back to the viewer');
