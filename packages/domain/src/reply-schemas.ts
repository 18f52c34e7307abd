import { z } from 'zod';

/** The plain acknowledgement of a command that has nothing else to answer. */
export const ZSuccessOut = z.object({ status: z.literal('success'), message: z.string().optional() });
