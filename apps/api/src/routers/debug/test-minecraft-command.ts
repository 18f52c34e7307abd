import { publicProcedure } from '../../trpc';
import { runTest } from './run-test';
import {
  testMinecraftCommandMeta,
  ZTestMinecraftCommandInput,
  ZTestMinecraftCommandOutput,
} from './test-minecraft-command.types';

export const testMinecraftCommand = publicProcedure
  .meta(testMinecraftCommandMeta)
  .input(ZTestMinecraftCommandInput)
  .output(ZTestMinecraftCommandOutput)
  .mutation(({ ctx, input }) => runTest(ctx, { game: 'minecraft', ...input, encodePassword: true }));
