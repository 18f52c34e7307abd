import { ZMinecraftCommandTest, ZRconTestResult } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZTestMinecraftCommandInput = ZMinecraftCommandTest;
export const ZTestMinecraftCommandOutput = ZRconTestResult;

export const testMinecraftCommandMeta: ProcedureMeta = {
  rest: {
    method: 'POST',
    path: '/api/debug/test-minecraft-command',
    summary: 'Send one console command to a Minecraft server over RCON and report its reply',
    tag: 'Diagnostics',
    description:
      'A server that could not be reached or refused the command answers 200 with success false and the reason in error. Anyone but an admin may reach only public addresses (checked on the resolved address; 400 otherwise) and is rate limited per address. 5 s timeout; the reply is truncated.',
    errors: [429],
  },
};
