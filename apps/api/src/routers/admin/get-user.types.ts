import { ZAdminUserDetail, ZAdminUserRef } from '@shop/domain';

// The admin panel reads it through tRPC after a change; it has no REST path.
export const ZGetUserInput = ZAdminUserRef;
export const ZGetUserOutput = ZAdminUserDetail;
