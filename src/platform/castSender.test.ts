// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { castSenderConfig, configureCastSender, loadCastSender } from './castSender';

const cast = {
  senderScriptUrl: 'https://cast.example/cv/js/sender/v1/cast_sender.js?loadCastFramework=1',
  receiverApplicationId: 'CC1AD845',
};

const scripts = () => [...document.head.querySelectorAll('script')];

describe('loadCastSender', () => {
  afterEach(() => {
    configureCastSender(undefined);
    for (const script of scripts()) script.remove();
    vi.useRealTimers();
  });

  it('without a config offers nothing and loads no script', async () => {
    expect(castSenderConfig()).toBeNull();
    expect(await loadCastSender()).toBe(false);
    expect(scripts()).toHaveLength(0);
  });

  it('loads the configured script once and resolves with what the framework says', async () => {
    configureCastSender(cast);
    const win: { __onGCastApiAvailable?: (available: boolean) => void } = {};
    const first = loadCastSender(document, win);
    const second = loadCastSender(document, win);
    expect(scripts().map((s) => s.src)).toEqual([cast.senderScriptUrl]);
    win.__onGCastApiAvailable!(true);
    expect(await first).toBe(true);
    expect(await second).toBe(true);
    expect(await loadCastSender(document, win)).toBe(true);
    expect(scripts()).toHaveLength(1);
  });

  it('a script that fails to load says false, and the next open tries again', async () => {
    configureCastSender(cast);
    const win = {};
    const failed = loadCastSender(document, win);
    scripts()[0].dispatchEvent(new Event('error'));
    expect(await failed).toBe(false);
    expect(scripts()).toHaveLength(0);
    void loadCastSender(document, win);
    expect(scripts()).toHaveLength(1);
  });

  it('a framework that never answers, or says unavailable, is false', async () => {
    vi.useFakeTimers();
    configureCastSender(cast);
    const silent = loadCastSender(document, {}, 5_000);
    vi.advanceTimersByTime(5_000);
    expect(await silent).toBe(false);
    const win: { __onGCastApiAvailable?: (available: boolean) => void } = {};
    const unavailable = loadCastSender(document, win, 5_000);
    win.__onGCastApiAvailable!(false);
    expect(await unavailable).toBe(false);
  });
});
