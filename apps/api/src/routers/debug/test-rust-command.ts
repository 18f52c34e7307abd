import { publicProcedure } from '../../trpc';
import { runTest } from './run-test';
import { testRustCommandMeta, ZTestRustCommandInput, ZTestRustCommandOutput } from './test-rust-command.types';

export const testRustCommand = publicProcedure
  .meta(testRustCommandMeta)
  .input(ZTestRustCommandInput)
  .output(ZTestRustCommandOutput)
  .mutation(({ ctx, input }) => runTest(ctx, { game: 'rust', ...input }));
