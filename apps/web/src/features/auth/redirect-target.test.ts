import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirect-target';

describe('redirect after login', () => {
  it('goes to the dashboard when no page asked for a session', () => {
    expect(redirectTarget(undefined)).toBe('/dashboard');
    expect(redirectTarget({ from: 'texto' })).toBe('/dashboard');
    expect(redirectTarget({ from: { pathname: 'texto' } })).toBe('/dashboard');
    expect(redirectTarget({ from: { pathname: '/texto', search: 1 } })).toBe('/dashboard');
  });

  it('returns to the page the guard remembered, with its query and hash', () => {
    expect(redirectTarget({ from: { pathname: '/texto', search: '?a=1', hash: '#x' } })).toBe('/texto?a=1#x');
  });

  it('never loops back to a login page nor leaves the site', () => {
    expect(redirectTarget({ from: { pathname: '/login' } })).toBe('/dashboard');
    expect(redirectTarget({ from: { pathname: '//evil.example' } })).toBe('/dashboard');
  });
});
