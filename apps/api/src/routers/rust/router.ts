import { router } from '../../trpc';
import { listPlayers } from './list-players';

export const rustRouter = router({ players: listPlayers });
