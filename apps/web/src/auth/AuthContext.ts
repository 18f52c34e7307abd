import type { TLogin, TRegister, TUser } from '@shop/domain';
import type { UseMutationResult } from '@tanstack/react-query';
import { createContext, useContext } from 'react';

export interface AuthContextValue {
  /** null when signed out; undefined only while the first load is in flight or failed. */
  user: TUser | null | undefined;
  isLoading: boolean;
  /** A load failure other than 401 (401 simply means signed out). */
  error: Error | null;
  refetch: () => void;
  /** Replaces the cached user after a mutation that returns the fresh user. */
  setUser: (user: TUser) => void;
  login: UseMutationResult<TUser, Error, TLogin>;
  register: UseMutationResult<TUser, Error, TRegister>;
  logout: UseMutationResult<void, Error, void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
