import { errorMessage, networkError, type Outcome, redact } from './util';

/**
 * A failed delivery step with the message the admin will read. Thrown inside the transports and turned
 * into `{ ok: false, error, retryable }` at their edge, so the public functions still never throw.
 */
export class DeliveryFailure extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    /** The target did not answer (refused, timed out, login failed): see Outcome. */
    readonly unreachable = false,
  ) {
    super(message);
    this.name = 'DeliveryFailure';
  }
}

/**
 * The kept-open connection was found closed BEFORE this command was written to it. Only this failure may be
 * answered by sending the command again on a new connection: the server cannot have seen it. Any failure
 * after the write is reported instead, because the command may already have run.
 */
export class ConnectionLost extends DeliveryFailure {
  constructor(message: string) {
    super(message, true);
    this.name = 'ConnectionLost';
  }
}

/** 'RCON connection refused' and the like for a socket error, 'RCON error: ...' for anything else. */
export function socketFailure(label: string, error: unknown): DeliveryFailure {
  const network = networkError(error);
  return new DeliveryFailure(
    network ? `${label} ${network}` : `${label} error: ${errorMessage(error)}`,
    true,
    network !== undefined,
  );
}

export function timeoutFailure(label: string, timeoutMs: number): DeliveryFailure {
  return new DeliveryFailure(`${label} timed out after ${timeoutMs} ms`, true, true);
}

/** A thrown failure as the result the worker reads, with the secret removed from the message. */
export function failureOutcome(error: unknown, secret: string): Outcome {
  if (error instanceof DeliveryFailure) {
    return {
      ok: false,
      error: redact(error.message, secret),
      retryable: error.retryable,
      ...(error.unreachable && { unreachable: true }),
    };
  }
  return { ok: false, error: redact(`Unexpected dispatch error: ${errorMessage(error)}`, secret), retryable: true };
}
