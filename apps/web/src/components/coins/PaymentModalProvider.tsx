import type { TCoinPackage } from '@shop/domain';
import { lazy, type ReactNode, Suspense, useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../auth/AuthContext';
import { authReturnState } from '../../auth/return-to';
import { type PaymentModalApi, PaymentModalContext } from './PaymentModalContext';

export { usePaymentModal } from './PaymentModalContext';

// The dialog (packages, PayPal, the demo checkout) is its own chunk: most visits never open it.
const PaymentModal = lazy(() => import('./PaymentModal').then((m) => ({ default: m.PaymentModal })));

/**
 * One payment dialog for the whole app, so the navbar pill and every package card open the same
 * one. It needs the signed-in user and navigation, so it sits inside AuthProvider in RootLayout.
 */
export function PaymentModalProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [opened, setOpened] = useState(false);
  // null means 'let the user pick a package first'.
  const [initialPackage, setInitialPackage] = useState<TCoinPackage | null>(null);

  const open = useCallback(
    (pkg?: TCoinPackage) => {
      // viewer-spec section 6: buying while signed out leads to /auth.
      if (!user) {
        void navigate('/auth', { state: authReturnState(location) });
        return;
      }
      setInitialPackage(pkg ?? null);
      setOpened(true);
    },
    [user, navigate, location],
  );
  const close = useCallback(() => {
    setOpened(false);
    setInitialPackage(null);
  }, []);

  const api = useMemo<PaymentModalApi>(() => ({ open }), [open]);

  return (
    <PaymentModalContext.Provider value={api}>
      {children}
      {/* Keyed so every opening starts clean: no package left selected from a previous visit. */}
      {opened && user && (
        <Suspense fallback={null}>
          <PaymentModal key={initialPackage?.id ?? 'pick'} initialPackage={initialPackage} onClose={close} />
        </Suspense>
      )}
    </PaymentModalContext.Provider>
  );
}
