import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../trpc';
import { beginOwnAction } from '../realtime/own-actions';

/** Admin 'Test': the server sends the action to every target at once and answers how each one did. */
export function useTestAction() {
  const trpc = useTRPC();
  const mutation = useMutation(
    trpc.actions.test.mutationOptions({
      // The feed announces this test ('Action tested') to this tab too; the reply's toast says more.
      onMutate: () => ({ ended: beginOwnAction() }),
      onSettled: (_data, _error, _input, context) => context?.ended(),
      onSuccess: (result) => {
        const failed = result.results.filter((r) => !r.success).length;
        if (failed === 0) notify.success('Test delivered', result.message);
        else notify.warning(`Test failed on ${failed} of ${result.results.length} targets`, result.message);
      },
      onError: (err) => notify.error('Test failed', errorMessage(err)),
    }),
  );
  const { mutate } = mutation;
  return {
    // Stable, so the action cards are not redrawn for it (ActionGrid keeps them while inputs hold).
    test: useCallback((actionId: number) => mutate({ actionId }), [mutate]),
    /** The action currently being tested, so only its button spins. */
    testingId: mutation.isPending ? mutation.variables?.actionId : undefined,
  };
}
