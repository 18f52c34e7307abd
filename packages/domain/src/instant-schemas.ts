import { z } from 'zod';

// A building block of the other -schemas modules, not of the package's surface: index.ts leaves it out.

export const isoInstant = z.string().describe('ISO 8601 instant, UTC');
