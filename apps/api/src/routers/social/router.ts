import { router } from '../../trpc';
import { getSocial } from './get-social';

export const socialRouter = router({ get: getSocial });
