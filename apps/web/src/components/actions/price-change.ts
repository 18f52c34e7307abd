/** The trigger's refusal when surge moved the price since the dialog opened (the server charged nothing). */
const CONFLICT = 409;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * The new price from a 409 'The price changed to N coins', read from the tRPC error's
 * data.details.currentCost; null for any other error (sold out and limits are 409s too, without it).
 */
export function changedPrice(err: unknown): number | null {
  if (!isRecord(err) || !isRecord(err.data)) return null;
  const { httpStatus, details } = err.data;
  if (httpStatus !== CONFLICT || !isRecord(details)) return null;
  const price = details.currentCost;
  return typeof price === 'number' && Number.isInteger(price) && price > 0 ? price : null;
}
