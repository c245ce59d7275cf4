import { describe, expect, it } from 'vitest';
import { webCsp } from './web';
import { webConfigFromEnv } from './webMain';

const directive = (csp: string, name: string): string =>
  csp
    .split('; ')
    .find((part) => part.startsWith(`${name} `))
    ?.slice(name.length + 1) ?? '';

describe('serve:web configured from the environment', () => {
  it('names what is missing instead of guessing an API', () => {
    expect(() => webConfigFromEnv({})).toThrow(/API_ORIGIN is not set/);
    expect(() => webConfigFromEnv({ API_ORIGIN: 'api.example.com' })).toThrow(
      /API_ORIGIN: "api.example.com" is not a URL/,
    );
    expect(() => webConfigFromEnv({ API_ORIGIN: 'ftp://api.example.com' })).toThrow(
      /not an http\(s\) URL/,
    );
    expect(() =>
      webConfigFromEnv({ API_ORIGIN: 'https://api.example.com', WEB_PORT: 'eighty' }),
    ).toThrow(/WEB_PORT: "eighty"/);
    expect(() =>
      webConfigFromEnv({ API_ORIGIN: 'https://api.example.com', SERVICE_ORIGINS: 'th.example' }),
    ).toThrow(/SERVICE_ORIGINS/);
  });

  it('reads the API, the service hosts, the payment provider, the port and the build', () => {
    const config = webConfigFromEnv({
      API_ORIGIN: 'https://api.example.com/ignored/path',
      STAGING_API_ORIGIN: 'https://staging.example.com',
      CONSENT_ORIGIN: 'https://consent.example.com/v1/',
      SERVICE_ORIGINS: 'https://th.example.com, https://ps1.example.com:8443/x,',
      PAYMENTS_SCRIPT_URL: 'https://js.pay.example/v3/',
      PAYMENTS_PUBLISHABLE_KEY_LIVE: 'pk_live_1',
      PAYMENTS_FRAME_ORIGINS: 'https://frames.pay.example',
      WEB_PORT: '4810',
      WEB_DIST: 'dist-e2e',
    });
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 4810,
      distDir: 'dist-e2e',
      serviceOrigins: ['https://th.example.com', 'https://ps1.example.com:8443'],
      appConfig: {
        apiOrigin: 'https://api.example.com',
        stagingApiOrigin: 'https://staging.example.com',
        consentOrigin: 'https://consent.example.com/v1',
        payments: {
          scriptUrl: 'https://js.pay.example/v3/',
          publishableKeyLive: 'pk_live_1',
          publishableKeyTest: 'pk_test_capture_emulator',
          frameOrigins: ['https://frames.pay.example'],
        },
      },
    });
  });

  it('defaults the payment provider to the API’s emulator', () => {
    const config = webConfigFromEnv({ API_ORIGIN: 'http://127.0.0.1:4801' });
    expect(config.port).toBe(8080);
    expect(config.distDir).toBe('dist');
    expect(config.appConfig.payments?.scriptUrl).toBe(
      'http://127.0.0.1:4801/stripe-emulator/v3.js',
    );
  });

  it('lets the CSP reach the service’s other hosts for images, video, calls and downloads', () => {
    const config = webConfigFromEnv({
      API_ORIGIN: 'https://api.example.com',
      SERVICE_ORIGINS: 'https://th.example.com,https://ps1.example.com',
    });
    const csp = webCsp(config.appConfig, config.serviceOrigins);
    for (const name of ['img-src', 'media-src', 'connect-src', 'form-action', 'frame-src']) {
      expect(directive(csp, name)).toContain('https://api.example.com');
      expect(directive(csp, name)).toContain('https://th.example.com');
      expect(directive(csp, name)).toContain('https://ps1.example.com');
    }
    expect(directive(csp, 'script-src')).not.toContain('https://th.example.com');
  });

  it('lets the client call the consent host of CONSENT_ORIGIN (SPEC §7)', () => {
    const config = webConfigFromEnv({
      API_ORIGIN: 'https://api.example.com',
      CONSENT_ORIGIN: 'https://consent.example.com',
    });
    expect(config.appConfig.consentOrigin).toBe('https://consent.example.com');
    expect(directive(webCsp(config.appConfig), 'connect-src')).toContain(
      'https://consent.example.com',
    );
    expect(() =>
      webConfigFromEnv({ API_ORIGIN: 'https://api.example.com', CONSENT_ORIGIN: 'consent' }),
    ).toThrow(/CONSENT_ORIGIN/);
  });

  it('offers Google Cast only with both its sender script and app id, and lets the CSP load them by path', () => {
    expect(
      webConfigFromEnv({ API_ORIGIN: 'https://api.example.com' }).appConfig.cast,
    ).toBeUndefined();
    const config = webConfigFromEnv({
      API_ORIGIN: 'https://api.example.com',
      CAST_SENDER_URL: 'https://www.gstatic.com/cv/js/sender/v1/cast_sender.js?loadCastFramework=1',
      CAST_APP_ID: 'CC1AD845',
      CAST_SCRIPT_SOURCES: 'https://www.gstatic.com/cast/sdk/libs/sender/1.0/',
    });
    expect(config.appConfig.cast).toEqual({
      senderScriptUrl: 'https://www.gstatic.com/cv/js/sender/v1/cast_sender.js?loadCastFramework=1',
      receiverApplicationId: 'CC1AD845',
    });
    const scripts = directive(
      webCsp(config.appConfig, config.serviceOrigins, config.scriptSources),
      'script-src',
    );
    expect(scripts).toContain('https://www.gstatic.com/cv/js/sender/v1/cast_sender.js');
    expect(scripts).toContain('https://www.gstatic.com/cast/sdk/libs/sender/1.0/');
    expect(scripts).not.toContain('loadCastFramework');
    expect(scripts).not.toMatch(/https:\/\/www\.gstatic\.com(\s|$)/);
    expect(() =>
      webConfigFromEnv({ API_ORIGIN: 'https://api.example.com', CAST_APP_ID: 'CC1AD845' }),
    ).toThrow(/CAST_SENDER_URL/);
    expect(() =>
      webConfigFromEnv({
        API_ORIGIN: 'https://api.example.com',
        CAST_SENDER_URL: 'https://cast.example/sender.js',
      }),
    ).toThrow(/CAST_APP_ID/);
    expect(() =>
      webConfigFromEnv({
        API_ORIGIN: 'https://api.example.com',
        CAST_SENDER_URL: 'https://cast.example/sender.js',
        CAST_APP_ID: "x'; script-src *",
      }),
    ).toThrow(/CAST_APP_ID/);
    expect(() =>
      webConfigFromEnv({ API_ORIGIN: 'https://api.example.com', CAST_SCRIPT_SOURCES: 'gstatic' }),
    ).toThrow(/CAST_SCRIPT_SOURCES/);
  });
});
