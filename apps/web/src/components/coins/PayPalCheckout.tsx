import { PayPalButtons, PayPalScriptProvider } from '@paypal/react-paypal-js';
import type { TCoinPackage } from '@shop/domain';
import { useRef } from 'react';
import { notify } from '../../lib/notify';
import type { Checkout } from './use-checkout';

interface Props {
  clientId: string;
  pkg: TCoinPackage;
  checkout: Checkout;
  onCancelled: () => void;
}

/**
 * PayPal's own buttons. Loaded lazily (PaymentOptions imports it with React.lazy), so the PayPal
 * SDK script is only ever fetched when the server says the provider is PayPal, never in demo mode.
 */
export function PayPalCheckout({ clientId, pkg, checkout, onCancelled }: Props) {
  // createOrder has already shown its own notice; PayPal then reports the same failure to onError.
  const reported = useRef(false);

  return (
    <PayPalScriptProvider options={{ clientId, currency: 'USD', intent: 'capture' }}>
      <PayPalButtons
        style={{ layout: 'vertical' }}
        disabled={checkout.busy}
        forceReRender={[pkg.id]}
        createOrder={async () => {
          reported.current = false;
          try {
            return await checkout.openOrder(pkg);
          } catch (err) {
            reported.current = true;
            throw err;
          }
        }}
        onApprove={async (data) => {
          await checkout.completeOrder(pkg, data.orderID);
        }}
        onCancel={onCancelled}
        onError={() => {
          if (reported.current) return;
          notify.error('Payment Error', 'There was an error processing your payment. Please try again later.');
        }}
      />
    </PayPalScriptProvider>
  );
}
