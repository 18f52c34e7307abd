import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../trpc';

/** Admin 'Test': sends the action to its targets without charging; the outcome arrives on /ws. */
export function useTestAction() {
  const trpc = useTRPC();
  const mutation = useMutation(
    trpc.actions.test.mutationOptions({
      onSuccess: (result) => notify.success('Test sent', result.message),
      onError: (err) => notify.error('Test failed', errorMessage(err)),
    }),
  );
  return {
    test: (actionId: number) => mutation.mutate({ actionId }),
    /** The action currently being tested, so only its button spins. */
    testingId: mutation.isPending ? mutation.variables?.actionId : undefined,
  };
}
