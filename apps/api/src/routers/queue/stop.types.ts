import { decisionMeta } from './decision';

export { ZDecisionInput as ZStopInput, ZDecisionOutput as ZStopOutput } from './decision';

export const stopMeta = decisionMeta('stop', 'End a running timed effect now: its stop command is sent at once');
