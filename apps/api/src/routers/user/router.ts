import { router } from '../../trpc';
import { getUser } from './get-user';
import { linkTwitch } from './link-twitch';
import { updateProfile } from './update-profile';

export const userRouter = router({ get: getUser, updateProfile, linkTwitch });
