/** A 0/1 flag column as the database stores it. */
export type StoredFlag = number;
/** An aggregate as a driver answers it: MySQL sends sums and counts as text, both may send null for no rows. */
export type StoredCount = number | string | bigint | null;

export const isSet = (flag: StoredFlag): boolean => flag === 1;
export const countOf = (value: StoredCount | undefined): number => Number(value ?? 0);
export const isoOf = (millis: number): string => new Date(Number(millis)).toISOString();
/** The stored outcome of a trigger: 1 delivered, 0 failed for good, null still on its way. */
export const outcomeOf = (value: number | null): boolean | null => (value === null ? null : value === 1);
