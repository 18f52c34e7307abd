// The money screens' public pieces, for pages to place (viewer-spec section 2).
export { BuyCoinsSection } from './BuyCoinsSection';
export { DashboardStats } from './DashboardStats';
export { GetCoinsSection } from './GetCoinsSection';
export { usePaymentModal } from './PaymentModalContext';
export { PaymentModalProvider } from './PaymentModalProvider';
export { RecentTransactions } from './RecentTransactions';
