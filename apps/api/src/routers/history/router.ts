import { router } from '../../trpc';
import { getHistory } from './get-history';
import { listHistory } from './list-history';
import { refundHistory } from './refund-history';
import { resendHistory } from './resend-history';

export const historyRouter = router({
  list: listHistory,
  detail: getHistory,
  refund: refundHistory,
  resend: resendHistory,
});
