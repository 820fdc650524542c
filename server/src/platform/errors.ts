import { errorCatalog, type ErrorKey } from '@parley/contracts/errors';

/** The one error type services throw. The error handler maps `key` to HTTP status and envelope. */
export class AppError extends Error {
  readonly key: ErrorKey;
  readonly fieldErrors?: Record<string, string>;
  constructor(key: ErrorKey, options: { message?: string; fieldErrors?: Record<string, string> } = {}) {
    super(options.message ?? errorCatalog[key].message);
    this.key = key;
    this.fieldErrors = options.fieldErrors;
  }
  get code(): number {
    return errorCatalog[this.key].code;
  }
  get httpStatus(): number {
    return errorCatalog[this.key].http;
  }
}

export function errorBody(key: ErrorKey, message?: string, fieldErrors?: Record<string, string>) {
  return {
    status: false as const,
    code: errorCatalog[key].code,
    message: message ?? errorCatalog[key].message,
    ...(fieldErrors ? { fieldErrors } : {}),
    ...(key === 'UNAUTHENTICATED' ? { login_required: true } : {}),
  };
}
