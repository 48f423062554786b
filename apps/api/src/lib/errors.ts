import { MESSAGES } from '@app/contracts';

/**
 * An error a service throws on purpose: its status and Spanish message reach the client as they are. `detail`
 * (an upstream service's own words) never does: it goes to the server log, and to admins where a service
 * records it for them.
 */
export class AppError extends Error {
  detail?: string;

  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly field?: string,
    public readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  withDetail(detail: string): this {
    this.detail = detail;
    return this;
  }
}

export const badRequest = (message: string, field?: string) => new AppError(400, message, field);
export const unauthorized = (message: string = MESSAGES.notAuthenticated) => new AppError(401, message);
export const forbidden = (message: string = MESSAGES.forbidden) => new AppError(403, message);
export const notFound = (message: string = MESSAGES.notFound) => new AppError(404, message);
export const conflict = (message: string, field?: string) => new AppError(409, message, field);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
