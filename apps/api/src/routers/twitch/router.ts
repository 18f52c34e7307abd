import { router } from '../../trpc';
import { getStatus } from './get-status';
import { getStream } from './get-stream';
import { refreshStatus } from './refresh-status';

export const twitchRouter = router({ status: getStatus, stream: getStream, refresh: refreshStatus });
