import { router } from '../../trpc';
import { getSettings } from './get-settings';
import { send } from './send';
import { setSettings } from './set-settings';

/** Gifts between viewers (viewer-spec section 12) and the admin's switch for them. */
export const giftsRouter = router({ send, settings: getSettings, setSettings });
