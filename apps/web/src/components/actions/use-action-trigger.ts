import { INSUFFICIENT_COINS, type TStreamAction } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../auth/AuthContext';
import { authReturnState } from '../../auth/return-to';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../trpc';
import { showAcceptedTrigger } from '../realtime/receipt-notifications';
import { useRefreshBalance } from './use-refresh-balance';

/**
 * viewer-spec section 4, action trigger: pick an action, a target player when it is individual,
 * confirm, then refetch the user. Shared by the shop, the featured list and the dashboard tab.
 */
export function useActionTrigger() {
  const trpc = useTRPC();
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const refreshBalance = useRefreshBalance();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<TStreamAction | null>(null);
  const [targetSteamId, setTargetSteamId] = useState<string | null>(null);
  // One key per opened dialog: a double click, or a retry after a lost reply, is charged once.
  const [requestId, setRequestId] = useState<string>(newRequestId);

  const mutation = useMutation(
    trpc.actions.trigger.mutationOptions({
      onSuccess: async (result) => {
        // 'Action Triggered!' stays; the toast's line then follows the delivery receipts over /ws.
        showAcceptedTrigger(result.historyId, pending?.name ?? 'Action');
        close();
        await Promise.all([
          refreshBalance(),
          // A cooldown may have started: the card counts down from the server's availableAt.
          queryClient.invalidateQueries({ queryKey: trpc.actions.list.queryKey() }),
        ]);
      },
      onError: async (err) => {
        // A cooldown (429) or pause (409) says why in its message.
        notify.error('Action Failed', errorMessage(err));
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
      setPending(action);
    },
    [user, navigate, location],
  );

  function confirm() {
    if (!pending || !user || mutation.isPending) return;
    // The button is already disabled on the card; this guards a balance that dropped since.
    if (user.coinBalance < pending.cost) {
      notify.error(INSUFFICIENT_COINS, `You need ${pending.cost} coins to trigger this action.`);
      return;
    }
    if (pending.targetType === 'individual' && !targetSteamId) return;
    mutation.mutate({
      actionId: pending.id,
      targetSteamId: pending.targetType === 'individual' ? targetSteamId : null,
      requestId,
    });
  }

  return {
    /** null while no dialog is open. */
    pending,
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
