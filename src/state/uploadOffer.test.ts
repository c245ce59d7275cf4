import { afterEach, describe, expect, it } from 'vitest';
import { registerUploadOffer, uploadOfferFor, uploadOfferStore } from './uploadOffer';

describe('uploadOffer', () => {
  afterEach(() => uploadOfferStore.setState({ offer: null }));

  it('holds the open page’s offer, and a page gone takes back only its own', () => {
    const first = { jobId: 'a', ask: () => undefined };
    const second = { jobId: 'b', ask: () => undefined };
    const dropFirst = registerUploadOffer(first);
    expect(uploadOfferStore.getState().offer).toBe(first);
    const dropSecond = registerUploadOffer(second);
    dropFirst();
    expect(uploadOfferStore.getState().offer).toBe(second);
    dropSecond();
    expect(uploadOfferStore.getState().offer).toBeNull();
  });

  it('asks only for uploads into the registered page’s own job', () => {
    const ask = () => undefined;
    expect(uploadOfferFor('a')).toBeNull();
    const drop = registerUploadOffer({ jobId: 'a', ask });
    expect(uploadOfferFor('a')).toBe(ask);
    expect(uploadOfferFor('b')).toBeNull();
    expect(uploadOfferFor(null)).toBeNull();
    drop();
    expect(uploadOfferFor('a')).toBeNull();
  });
});
