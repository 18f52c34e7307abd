import { router } from '../../trpc';
import { getShopStatus } from './get-shop-status';
import { updateShopStatus } from './update-shop-status';

export const shopRouter = router({ status: getShopStatus, setStatus: updateShopStatus });
