// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CastMessageInput, ReceiverState } from '../../api/contract/cast';
import { initI18n } from '../../i18n';
import type { CarouselFile, CarouselSource } from '../carousel';
import { CastAction } from './CastAction';
import { castService, type CastTransport } from './CastService';
import { installCastStrings } from './strings';

/** A TV: what the sender sends is kept; `shows` is the TV reporting the file on its screen. */
class FakeTv implements CastTransport {
  readonly kind = 'tv';
  readonly sessionId = 's1';
  readonly deviceName = 'Capture TV';
  sent: CastMessageInput[] = [];
  private handlers: { state: (s: ReceiverState) => void; ended: () => void } | null = null;
  send(message: CastMessageInput): Promise<void> {
    this.sent.push(message);
    return Promise.resolve();
  }
  listen(handlers: { state: (s: ReceiverState) => void; ended: () => void }) {
    this.handlers = handlers;
    return () => (this.handlers = null);
  }
  stop() {
    return Promise.resolve();
  }
  shows(fileId: string) {
    act(() =>
      this.handlers?.state({
        type: 'receiverState',
        item: { jobId: 'j', fileId, kind: 'picture' },
        playerState: 'playing',
        currentTime: 0,
        duration: 0,
        autoPlay: true,
      }),
    );
  }
}

const file = (index: number): CarouselFile => ({
  id: `p${index}`,
  kind: 'picture',
  aspect: 1.5,
  time: 0,
  duration: 0,
});
const source = {
  jobId: 'j',
  neighbour: (id: string, delta: number) => Promise.resolve(file(Number(id.slice(1)) + delta)),
} as unknown as CarouselSource;

beforeAll(async () => {
  await initI18n('en_US');
  await installCastStrings();
});
afterEach(() => {
  cleanup();
  void castService.stop();
});

describe('CastAction follows the TV', () => {
  it('steps the viewer when the TV goes ahead, also after the file on screen came again as a new object', async () => {
    const tv = new FakeTv();
    castService.connect(tv);
    const show = vi.fn();
    const view = render(<CastAction source={source} file={file(0)} show={show} />);
    await vi.waitFor(() => expect(tv.sent.at(-1)).toMatchObject({ type: 'loadSingleItem' }));
    tv.shows('p0');
    // The file's details refetched: the same file, a new object.
    view.rerender(<CastAction source={source} file={file(0)} show={show} />);
    await act(() => Promise.resolve());
    tv.shows('p1');
    expect(show).toHaveBeenCalledExactlyOnceWith('p1');
  });
});
