import type { z } from 'zod';
import type { ZUserOut } from './api-schemas';
/** The user as every client sees it (viewer-spec section 3). Secrets never appear here. */
export type TUser = z.infer<typeof ZUserOut>;
