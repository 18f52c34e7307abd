import type { TCoinPackage } from '@shop/domain';
import { createContext, useContext } from 'react';

export interface PaymentModalApi {
  /** Opens the payment dialog for `pkg`, or with a package picker first; signed-out users go to /auth instead. */
  open: (pkg?: TCoinPackage) => void;
}

export const PaymentModalContext = createContext<PaymentModalApi | null>(null);

export function usePaymentModal(): PaymentModalApi {
  const value = useContext(PaymentModalContext);
  if (!value) throw new Error('usePaymentModal must be used within a PaymentModalProvider');
  return value;
}
