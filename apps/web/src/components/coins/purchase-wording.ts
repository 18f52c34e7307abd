/**
 * viewer-spec section 8 words a purchase differently in the shop and on the dashboard; the payment
 * dialog is one for the whole app, so the page it was opened on decides.
 */
export type PurchaseSurface = 'shop' | 'dashboard';

export interface ToastText {
  title: string;
  message: string;
}

export function purchaseSurface(pathname: string): PurchaseSurface {
  return pathname === '/dashboard' || pathname.startsWith('/dashboard/') ? 'dashboard' : 'shop';
}

export function purchaseSucceeded(surface: PurchaseSurface): ToastText {
  return surface === 'dashboard'
    ? { title: 'Purchase successful!', message: 'Your coins have been added to your account.' }
    : { title: 'Purchase Successful', message: 'Coins have been added to your balance!' };
}

/** The order was paid and captured, but posting the purchase failed: the server's message says why. */
export function purchaseFailed(surface: PurchaseSurface, serverMessage: string): ToastText {
  return { title: surface === 'dashboard' ? 'Purchase failed' : 'Purchase Failed', message: serverMessage };
}
