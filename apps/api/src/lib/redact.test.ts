import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact';

describe('redactUrl', () => {
  it('hides a token in the query string and leaves other URLs alone', () => {
    expect(redactUrl('/reset-password?token=abcDEF-123_x')).toBe('/reset-password?token=[oculto]');
    expect(redactUrl('/x?a=1&token=secret&b=2')).toBe('/x?a=1&token=[oculto]&b=2');
    expect(redactUrl('/api/auth/me')).toBe('/api/auth/me');
    expect(redactUrl(undefined)).toBeUndefined();
  });
});
