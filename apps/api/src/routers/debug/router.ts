import { router } from '../../trpc';
import { testMinecraftCommand, testRustCommand } from './test-command';

/** The diagnostics every visitor may use (admin-spec section 2: /test-rcon is public). */
export const debugRouter = router({ testRustCommand, testMinecraftCommand });
