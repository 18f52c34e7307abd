import type { TCoinPackage } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../trpc';
import { purchaseFailed, purchaseSucceeded, purchaseSurface } from './purchase-wording';

/** viewer-spec section 9: the page reloads 1.5 s after a successful payment. */
export const RELOAD_AFTER_MS = 1500;

export type CheckoutStep = 'idle' | 'creating' | 'completing' | 'paid';

/**
 * The money path shared by the demo checkout and PayPal (viewer-spec section 4): create an order,
 * capture it, post the purchase with the order id, refetch the user, close, reload. Each failure
 * gets the spec's notice exactly once; the caller only needs `step` to show progress.
 */
export function useCheckout(onPaid: () => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const createOrder = useMutation(trpc.payments.createOrder.mutationOptions());
  const captureOrder = useMutation(trpc.payments.captureOrder.mutationOptions());
  const purchase = useMutation(trpc.payments.purchase.mutationOptions());
  const surface = purchaseSurface(useLocation().pathname);
  const [step, setStep] = useState<CheckoutStep>('idle');
  // A ref, not state: two clicks in the same tick must not both get through.
  const busy = useRef(false);

  /** Opens a provider order for the package; notifies and rethrows on failure. */
  const openOrder = useCallback(
    async (pkg: TCoinPackage): Promise<string> => {
      setStep('creating');
      try {
        // The server prices the order from the package; the client never sends an amount it made up.
        const { id } = await createOrder.mutateAsync({ packageId: pkg.id, currency: 'USD', intent: 'CAPTURE' });
        return id;
      } catch (err) {
        notify.error('Payment Error', `Failed to create payment order. ${errorMessage(err)}`);
        throw err;
      } finally {
        // With PayPal the buyer now approves in PayPal's window and may still cancel there.
        setStep('idle');
      }
    },
    [createOrder.mutateAsync],
  );

  /** Captures an approved order and credits it; notifies either way and never throws. */
  const completeOrder = useCallback(
    async (pkg: TCoinPackage, orderId: string): Promise<boolean> => {
      setStep('completing');
      try {
        await captureOrder.mutateAsync({ orderId, packageId: pkg.id });
      } catch (err) {
        setStep('idle');
        notify.error(
          'Payment Capture Error',
          `Failed to complete payment. Please contact support. ${errorMessage(err)}`,
        );
        return false;
      }
      try {
        // The spec posts the purchase with the order id; after the capture it credits nothing twice.
        await purchase.mutateAsync({ packageId: pkg.id, paypalOrderId: orderId });
      } catch (err) {
        setStep('idle');
        const failed = purchaseFailed(surface, errorMessage(err));
        notify.error(failed.title, failed.message);
        return false;
      }
      setStep('paid');
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.user.get.queryKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.transactions.list.queryKey() }),
      ]);
      const done = purchaseSucceeded(surface);
      notify.success(done.title, done.message);
      onPaid();
      setTimeout(() => window.location.reload(), RELOAD_AFTER_MS);
      return true;
    },
    [captureOrder.mutateAsync, purchase.mutateAsync, queryClient, trpc, onPaid, surface],
  );

  /** The demo checkout: no buyer approval step, so order and capture run back to back. */
  const payWithDemo = useCallback(
    async (pkg: TCoinPackage) => {
      if (busy.current) return;
      busy.current = true;
      try {
        const orderId = await openOrder(pkg);
        await completeOrder(pkg, orderId);
      } catch {
        // openOrder has already told the user.
      } finally {
        busy.current = false;
      }
    },
    [openOrder, completeOrder],
  );

  return { step, busy: step !== 'idle', openOrder, completeOrder, payWithDemo };
}

export type Checkout = ReturnType<typeof useCheckout>;
