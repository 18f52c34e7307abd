import { router } from '../../trpc';
import { testMinecraftCommand } from './test-minecraft-command';
import { testRustCommand } from './test-rust-command';

/** The diagnostics every visitor may use (admin-spec section 2: /test-rcon is public). */
export const debugRouter = router({ testRustCommand, testMinecraftCommand });
