import { ZPublicProfileOut, ZUserIdParam } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZGetProfileInput = ZUserIdParam;
export const ZGetProfileOutput = ZPublicProfileOut;

export const getProfileMeta: ProcedureMeta = {
  rest: {
    method: 'GET',
    path: '/api/users/{id}/profile',
    summary: "A viewer's public profile with recent triggers",
    tag: 'Community',
  },
};
