/**
 * The site's sign-in diagnostics. Whatever is handed in, what reaches the console never carries a
 * token, an authorization code, a PKCE verifier, a state or a nonce: objects are reduced to their
 * kind (an error to its name and message), and secrets inside text are masked.
 */

const SECRET_PARAMS =
  /\b(code|code_verifier|code_challenge|state|nonce|token|access_token|refresh_token|id_token|id_token_hint|accessToken|refreshToken|idToken)(["']?\s*[=:]\s*["']?)[^&\s"',}]+/g;
const JWT = /\beyJ[\w-]*\.[\w-]*\.?[\w-]*/g;
// Long opaque values (codes, verifiers, opaque tokens) that have no place in a diagnostic.
const OPAQUE = /\b[\w-]{32,}\b/g;

/** Masks secrets inside a piece of text. */
export function redact(text: string): string {
  return text.replace(JWT, '[token]').replace(SECRET_PARAMS, '$1$2[redacted]').replace(OPAQUE, '[redacted]');
}

function describe(value: unknown): string {
  if (typeof value === 'string') return redact(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value == null) return String(value);
  if (value instanceof Error) return redact(`${value.name}: ${value.message}`);
  return `[${Array.isArray(value) ? 'array' : 'object'}]`;
}

export interface AuthLog {
  /** Diagnostics, only when OIDC_DEBUG is on. */
  debug(...parts: unknown[]): void;
  /** Problems the visitor's session survives, always. */
  warn(...parts: unknown[]): void;
}

export function createAuthLog(enabled: boolean, sink: Pick<Console, 'debug' | 'warn'> = console): AuthLog {
  const line = (parts: unknown[]) => ['[auth]', ...parts.map(describe)].join(' ');
  return {
    debug: (...parts) => {
      if (enabled) sink.debug(line(parts));
    },
    warn: (...parts) => sink.warn(line(parts)),
  };
}
