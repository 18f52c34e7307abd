import type { TUser } from '@shop/domain';
import { createContext, useContext } from 'react';

export interface AuthContextValue {
  /** null when signed out; undefined only while the first load is in flight or failed. */
  user: TUser | null | undefined;
  isLoading: boolean;
  /** A load failure other than 401 (401 simply means signed out). */
  error: Error | null;
  refetch: () => void;
  /** Replaces the cached user: the fresh user a mutation returns, or null once logged out. */
  setUser: (user: TUser | null) => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
