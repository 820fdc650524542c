import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * The server's logger: no secret reaches a log line. Request URLs lose the values of secret
 * query parameters and the secret segments of link paths (session tokens of old websocket
 * clients, reset codes, invitation tokens, activation codes, webhook keys, signed media links);
 * credential headers and password/token fields of logged objects are censored; a failed query's
 * parameters (which may hold any of these) stay out of error messages.
 */
export const REDACTED = '[REDACTED]';

/** Query parameter names whose value is a credential (`token`, `hub.verify_token`, `resetCode`, `apikey`...). */
const SECRET_PARAMETER = /token|secret|passw|code|signature|^sig$|^key$|api[-_]?key|^auth/i;

/** Paths whose segment after the prefix is a credential. */
const SECRET_SEGMENT =
  /^(\/api\/account\/activate\/|\/api\/invitations\/accept\/|\/api\/webhooks\/channels\/|\/signup-verify\/)[^/?#]+/;

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replaceAll('+', ' '));
  } catch {
    return name;
  }
}

/** A request URL as it may be logged: the same URL with every secret value replaced. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const pathPart = (queryAt === -1 ? url : url.slice(0, queryAt)).replace(SECRET_SEGMENT, `$1${REDACTED}`);
  if (queryAt === -1) return pathPart;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      return equals !== -1 && SECRET_PARAMETER.test(decodedName(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${pathPart}?${query}`;
}

/** Credential headers and fields, wherever a log call puts a request, a reply or a body. */
const CREDENTIAL_HEADERS = [
  'authorization',
  'authtoken',
  'cookie',
  'set-cookie',
  'x-api-key',
  'sec-websocket-protocol',
];
const CREDENTIAL_FIELDS = [
  'password',
  'newPassword',
  'oldPassword',
  'currentPassword',
  'token',
  'apikey',
  'apiKey',
  'secret',
  'resetCode',
];
const redactPaths = [
  ...CREDENTIAL_HEADERS.flatMap((header) =>
    ['req.headers', 'res.headers', 'headers'].map((at) => `${at}["${header}"]`),
  ),
  ...CREDENTIAL_FIELDS.flatMap((field) => [field, `*.${field}`, `body.*.${field}`]),
  'err.params',
  'err.cause.params',
];

type LoggedRequest = {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
};

/** A failed query's message carries its parameters after "params:": keep the query, drop them. */
function errorWithoutParams(error: unknown) {
  const serialized = pino.stdSerializers.err(error as Error) as Record<string, unknown>;
  for (const key of ['message', 'stack']) {
    const text = serialized[key];
    if (typeof text === 'string') serialized[key] = text.replace(/\nparams: [^\n]*/g, `\nparams: ${REDACTED}`);
  }
  return serialized;
}

export const logSerializers = {
  req: (request: LoggedRequest) => ({
    method: request.method,
    url: typeof request.url === 'string' ? redactUrl(request.url) : request.url,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
  err: errorWithoutParams,
};

/** The logger main.ts starts the server with (tests pass a destination to read what it writes). */
export function createLogger(options: { level: string }, destination?: DestinationStream): Logger {
  const settings = {
    level: options.level,
    redact: { paths: redactPaths, censor: REDACTED },
    serializers: logSerializers,
  };
  return destination ? pino(settings, destination) : pino(settings);
}
