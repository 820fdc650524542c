import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
}

describe('configuration from the environment', () => {
  it('starts with sensible defaults on an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      redisUrl: undefined,
      smtpUrl: undefined,
      publicUrl: 'http://127.0.0.1:3000',
      scryptLogN: 17,
      seedDemo: true,
    });
  });

  it('puts ./data where the user ran npm, not in the workspace npm switched into', () => {
    expect(loadConfig({ INIT_CWD: '/home/me/parley' }).dataDir).toBe('/home/me/parley/data');
    expect(loadConfig({ INIT_CWD: '/home/me/parley', PARLEY_DATA_DIR: '/srv/parley' }).dataDir).toBe('/srv/parley');
  });

  it('names every invalid variable in one readable error', () => {
    const message = configError({ PORT: 'abc', DATABASE_URL: 'not-a-url', REDIS_URL: 'redis://127.0.0.1:6379' });
    expect(message).toMatch(/^Invalid configuration:/);
    expect(message).toMatch(/^ {2}PORT: /m);
    expect(message).toMatch(/^ {2}DATABASE_URL: /m);
    expect(message).not.toContain('REDIS_URL');
  });

  it('refuses out-of-range values', () => {
    const message = configError({ PORT: '70000', PASSWORD_SCRYPT_LOG_N: '4', LOG_LEVEL: 'loud' });
    for (const name of ['PORT', 'PASSWORD_SCRYPT_LOG_N', 'LOG_LEVEL']) expect(message).toContain(`  ${name}: `);
  });

  it('refuses the captcha test answer in production, and allows it in tests', () => {
    const message = configError({ NODE_ENV: 'production', CAPTCHA_TEST_ANSWER: 'pass1' });
    expect(message).toContain('Invalid configuration');
    expect(message).toContain('CAPTCHA_TEST_ANSWER must not be set when NODE_ENV=production');
    expect(loadConfig({ NODE_ENV: 'test', CAPTCHA_TEST_ANSWER: 'pass1' }).captchaTestAnswer).toBe('pass1');
    expect(loadConfig({ NODE_ENV: 'production' }).captchaTestAnswer).toBeUndefined();
  });

  it('reads the scaled-mode URLs, flags and the public URL without a trailing slash', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://parley@db.internal:5432/parley',
      REDIS_URL: 'redis://cache.internal:6379',
      SMTP_URL: 'smtp://mail.internal:25',
      PUBLIC_URL: 'https://parley.example.com/',
      PARLEY_HIDE_SIGNUP: 'yes',
      PARLEY_SEED_DEMO: '0',
      PARLEY_FEATURES_OFF: ' COGNITIVE , FLOW',
    });
    expect(config).toMatchObject({
      databaseUrl: 'postgres://parley@db.internal:5432/parley',
      redisUrl: 'redis://cache.internal:6379',
      smtpUrl: 'smtp://mail.internal:25',
      publicUrl: 'https://parley.example.com',
      hideSignup: true,
      seedDemo: false,
      featuresOff: ['COGNITIVE', 'FLOW'],
    });
  });

  it('refuses an unknown feature flag', () => {
    expect(configError({ PARLEY_FEATURES_OFF: 'noSuchFlag' })).toContain('PARLEY_FEATURES_OFF');
  });
});
