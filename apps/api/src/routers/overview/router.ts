import { router } from '../../trpc';
import { getOverview } from './get-overview';

export const overviewRouter = router({ get: getOverview });
