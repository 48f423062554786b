import { describe, expect, it } from 'vitest';
import { resolveTestHost } from '../../test/ai-helpers';
import { isForbiddenAddress, judgeAiAddress } from './ai-address';

describe('the AI server address rule', () => {
  it.each([
    // The metadata address in every spelling `new URL` and the system's resolver accept.
    'http://169.254.169.254/v1',
    'http://2852039166/v1',
    'http://0xa9fea9fe/v1',
    'http://0xA9.0xFE.0xA9.0xFE/v1',
    'http://0251.0376.0251.0376/v1',
    'http://169.254.43518/v1',
    'https://169.254.169.254/v1',
    'http://[::ffff:169.254.169.254]/v1',
    'http://[::ffff:a9fe:a9fe]/v1',
    'http://[0:0:0:0:0:ffff:a9fe:a9fe]/v1',
    'http://[::169.254.169.254]/v1',
    'http://[64:ff9b::a9fe:a9fe]/v1',
    'http://[2002:a9fe:a9fe::1]/v1',
    'http://[fe80::1]/v1',
    'http://[fd00:ec2::254]/v1',
    'http://100.100.100.200/v1',
    'http://0.0.0.0:11434/v1',
    // Names are judged by what they resolve to: all of it.
    'http://metadata.google.internal/computeMetadata/v1',
    'http://METADATA.google.internal./v1',
    'https://metadata.example.com/v1',
    'https://mapped.example.com/v1',
    'not a url',
    'file:///etc/passwd',
  ])('refuses %s', async (url) => {
    expect(await judgeAiAddress(url, resolveTestHost)).toBe('forbidden');
  });

  it.each([
    'http://127.0.0.1:11434/v1',
    'http://localhost:11434/v1',
    'http://[::1]:8080/v1',
    'http://ollama:11434/v1',
    'http://192.168.1.20:8080/v1',
    'http://10.0.0.5/v1',
    'http://172.16.0.9/v1',
    'http://[fd12:3456::1]/v1',
    'https://api.mistral.ai/v1',
  ])('allows a local model or a hosted provider: %s', async (url) => {
    expect(await judgeAiAddress(url, resolveTestHost)).toBe('allowed');
  });

  it('says a name that resolves to nothing is unresolved, so it is never called', async () => {
    expect(await judgeAiAddress('http://todavia-no-existe:11434/v1', resolveTestHost)).toBe('unresolved');
    expect(await judgeAiAddress('http://vacio:11434/v1', () => Promise.resolve([]))).toBe('unresolved');
  });

  it('judges each resolved address in whichever IPv6 dress it comes', () => {
    expect(isForbiddenAddress('::ffff:169.254.169.254')).toBe(true);
    expect(isForbiddenAddress('fe80::1%eth0')).toBe(true);
    expect(isForbiddenAddress('::ffff:10.0.0.1')).toBe(false);
    expect(isForbiddenAddress('2001:db8::1')).toBe(false);
    expect(isForbiddenAddress('no es una dirección')).toBe(true);
  });
});
