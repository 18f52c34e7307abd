import { INSUFFICIENT_COINS, type TStreamAction } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../auth/AuthContext';
import { authReturnState } from '../../auth/return-to';
import { errorMessage, errorStatus } from '../../lib/errors';
import { notify, type ToastOptions } from '../../lib/notify';
import { useTRPC } from '../../trpc';
import { usePaymentModal } from '../coins/PaymentModalContext';
import { beginOwnAction } from '../realtime/own-actions';
import { showAcceptedTrigger } from '../realtime/receipt-notifications';
import { TRIGGER_FAILED_TITLE, type TriggerSurface } from '../realtime/receipt-toast';
import { changedPrice } from './price-change';
import { useRefreshBalance } from './use-refresh-balance';

/** The server's answer to a debit the balance cannot cover (domain errors: INSUFFICIENT_COINS). */
const PAYMENT_REQUIRED = 402;

/**
 * viewer-spec section 4, action trigger: pick an action, a target player when it is individual,
 * confirm, then refetch the user. Shared by the shop, the featured list and the dashboard tab;
 * `surface` picks the dashboard's own toast wording (viewer-spec section 8).
 */
export function useActionTrigger({ surface = 'shop' }: { surface?: TriggerSurface } = {}) {
  const trpc = useTRPC();
  const { user } = useAuth();
  const payment = usePaymentModal();
  // Too few coins: the toast offers the way out, the same payment dialog as the navbar's plus button.
  const buyCoins: ToastOptions = { action: { label: 'Buy Coins', onClick: () => payment.open() } };
  const navigate = useNavigate();
  const location = useLocation();
  const refreshBalance = useRefreshBalance();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<TStreamAction | null>(null);
  const [targetSteamId, setTargetSteamId] = useState<string | null>(null);
  /**
   * The price the dialog shows and the trigger promises to pay (expectedCost): the card's when it
   * opened, then the server's after it refused a moved price. Surge can move it between the two.
   */
  const [quotedCost, setQuotedCost] = useState(0);
  /** The server refused the quoted price once: the dialog says so and asks again at the new one. */
  const [priceChanged, setPriceChanged] = useState(false);
  // One key per opened dialog: a double click, or a retry after a lost reply, is charged once.
  const [requestId, setRequestId] = useState<string>(newRequestId);

  const mutation = useMutation(
    trpc.actions.trigger.mutationOptions({
      // The feed announces this trigger to this tab too; its own toast follows from the reply.
      onMutate: () => ({ ended: beginOwnAction() }),
      onSettled: (_data, _error, _input, context) => context?.ended(),
      onSuccess: async (result) => {
        // 'Action Triggered!' stays; the toast starts at the reply's state (awaiting approval, held...)
        // and its line then follows the delivery receipts over /ws.
        showAcceptedTrigger(result.historyId, pending?.name ?? 'Action', surface, result.state);
        close();
        await Promise.all([
          refreshBalance(),
          // A cooldown may have started: the card counts down from the server's availableAt.
          queryClient.invalidateQueries({ queryKey: trpc.actions.list.queryKey() }),
        ]);
      },
      onError: async (err) => {
        const newPrice = changedPrice(err);
        if (newPrice !== null) {
          // Nothing was charged: keep the dialog open at the new price for the viewer to accept or
          // cancel, and refetch the list so the cards show it too.
          setQuotedCost(newPrice);
          setPriceChanged(true);
          await queryClient.invalidateQueries({ queryKey: trpc.actions.list.queryKey() });
          return;
        }
        // A cooldown (429), pause, sold out or reached limit (409) says why in its message.
        notify.error(
          TRIGGER_FAILED_TITLE[surface],
          errorMessage(err),
          errorStatus(err) === PAYMENT_REQUIRED ? buyCoins : undefined,
        );
        close();
        // A refusal may mean our cached balance, cooldowns or pause state were stale; show the real ones.
        await Promise.all([
          refreshBalance(),
          queryClient.invalidateQueries({ queryKey: trpc.actions.list.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.shop.status.queryKey() }),
        ]);
      },
    }),
  );

  function close() {
    setPending(null);
    setTargetSteamId(null);
    setPriceChanged(false);
  }

  /**
   * Card button: signed-out visitors go to sign in first. Stable while the viewer and the page are,
   * so ActionGrid can keep its cards across renders that change nothing they show.
   */
  const request = useCallback(
    (action: TStreamAction) => {
      if (!user) {
        void navigate('/auth', { state: authReturnState(location) });
        return;
      }
      setTargetSteamId(null);
      setRequestId(newRequestId());
      setQuotedCost(action.cost);
      setPriceChanged(false);
      setPending(action);
    },
    [user, navigate, location],
  );

  function confirm() {
    if (!pending || !user || mutation.isPending) return;
    // The button is already disabled on the card; this guards a balance that dropped since.
    if (user.coinBalance < quotedCost) {
      notify.error(INSUFFICIENT_COINS, `You need ${quotedCost} coins to trigger this action.`, buyCoins);
      return;
    }
    if (pending.targetType === 'individual' && !targetSteamId) return;
    mutation.mutate({
      actionId: pending.id,
      targetSteamId: pending.targetType === 'individual' ? targetSteamId : null,
      // The refused try was rolled back whole (no history row), so the same key is free for this one.
      requestId,
      expectedCost: quotedCost,
    });
  }

  return {
    /** null while no dialog is open. */
    pending,
    /** The price the open dialog shows and confirming pays. */
    quotedCost,
    priceChanged,
    targetSteamId,
    setTargetSteamId,
    request,
    confirm,
    close: () => {
      if (!mutation.isPending) close();
    },
    isSending: mutation.isPending,
  };
}

/** 32 random hex digits; getRandomValues works on plain-http hosts too, where randomUUID does not exist. */
function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export type ActionTrigger = ReturnType<typeof useActionTrigger>;
