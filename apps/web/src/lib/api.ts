import {
  buildPath,
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  ErrorResponse,
  login,
  MESSAGES,
  REAUTH_FIELD,
  type Endpoint,
  type EndpointInput,
  type EndpointResponse,
} from '@app/contracts';
import ky, { type KyInstance } from 'ky';
import { ApiError, signalUnauthorized } from './api-error';
import { requestReauth } from './reauth';

export interface ApiOptions {
  /** Message used when an error answer carries no `error` text of its own. */
  fallbackError?: string;
  /** The answer of this very request, sent earlier by other means (the early session check): read, not sent. */
  answer?: Promise<Response>;
}

export interface ApiClientOptions {
  /** Absolute origin to call; the browser client uses relative paths (same origin). */
  baseUrl?: string;
  /** Called on a 401 from any endpoint except login: the server no longer knows this session. */
  onUnauthorized?: () => void;
  /**
   * Called when the server asks the member to confirm their identity first (sudo mode): resolves true once
   * confirmed, and the request is sent again, once.
   */
  onReauthRequired?: () => Promise<boolean>;
}

type Query = Record<string, string | number | boolean | null | undefined>;

const parseJson = (text: string): { ok: true; value: unknown } | { ok: false } => {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
};

const toSearchParams = (query: Query): URLSearchParams => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  return params;
};

export type ApiCall = <E extends Endpoint>(
  endpoint: E,
  ...args: object extends EndpointInput<E>
    ? [input?: EndpointInput<E>, options?: ApiOptions]
    : [input: EndpointInput<E>, options?: ApiOptions]
) => Promise<EndpointResponse<E>>;

export function createApiClient(clientOptions: ApiClientOptions = {}): ApiCall {
  const http: KyInstance = ky.create({
    credentials: 'same-origin',
    retry: 0,
    throwHttpErrors: false,
    headers: { accept: 'application/json' },
  });

  const isLogin = (endpoint: Endpoint) => endpoint.method === login.method && endpoint.path === login.path;

  const send = async (
    endpoint: Endpoint,
    input: unknown,
    options: ApiOptions | undefined,
    retried: boolean,
  ): Promise<unknown> => {
    const { params, query, body } = (input ?? {}) as {
      params?: Record<string, string | number>;
      query?: Query;
      body?: unknown;
    };
    const path = buildPath(endpoint.path, params);
    const url = clientOptions.baseUrl ? new URL(path, clientOptions.baseUrl).toString() : path;

    let response: Response;
    try {
      response = await (options?.answer ??
        http(url, {
          method: endpoint.method,
          headers: endpoint.method === 'GET' ? undefined : { [CSRF_HEADER]: CSRF_HEADER_VALUE },
          searchParams: query ? toSearchParams(query) : undefined,
          json: body,
        }));
    } catch {
      throw new ApiError(MESSAGES.network, 0);
    }

    let text: string;
    try {
      text = await response.text();
    } catch {
      throw new ApiError(MESSAGES.network, 0);
    }
    const parsed = parseJson(text);

    if (!response.ok) {
      if (response.status === 401 && !isLogin(endpoint)) clientOptions.onUnauthorized?.();
      if (!parsed.ok) throw new ApiError(MESSAGES.serverResponse, response.status);
      const error = ErrorResponse.safeParse(parsed.value);
      if (
        response.status === 403 &&
        error.success &&
        error.data.field === REAUTH_FIELD &&
        !options?.answer &&
        !retried &&
        (await clientOptions.onReauthRequired?.())
      ) {
        return send(endpoint, input, options, true);
      }
      if (error.success && error.data.error.trim() !== '') {
        throw new ApiError(error.data.error, response.status, error.data.field);
      }
      throw new ApiError(options?.fallbackError ?? MESSAGES.serverResponse, response.status);
    }

    if (!parsed.ok) throw new ApiError(MESSAGES.serverResponse, response.status);
    const result = endpoint.response.safeParse(parsed.value);
    if (!result.success) {
      throw new ApiError(MESSAGES.invalidServerResponse, response.status, undefined, result.error.issues);
    }
    return result.data;
  };
  return ((endpoint, ...[input, options]) => send(endpoint, input, options, false)) as ApiCall;
}

/** The one way the web app talks to the API: `await api(login, { body: { email, password } })`. */
export const api: ApiCall = createApiClient({
  onUnauthorized: signalUnauthorized,
  onReauthRequired: requestReauth,
});
