import { useEffect, useState } from 'react';
import {
  afterVideoCheck,
  checksAgain,
  initialVideoEncoding,
  VIDEO_CHECK_EVERY_MS,
  VIDEO_NO_ANSWER_MS,
  whileWaiting,
  type VideoEncodingStatus,
} from '../../domain/videoEncoding';
import { carouselStore } from './carouselStore';
import { checkVideo } from './fileQueries';

/**
 * SPEC §4 video encoding of the video on screen: a v-check about every second while it is
 * queued, PROCESSING when a check has had no answer for 2 s, then ENCODED or ERROR. Null for a
 * photo. Mirrored into the carousel store (SPEC §3 "video status").
 */
export function useVideoStatus(jobId: string, fileId: string | null): VideoEncodingStatus | null {
  const [status, setStatus] = useState<VideoEncodingStatus | null>(null);

  useEffect(() => {
    if (!fileId) {
      setStatus(null);
      carouselStore.getState().setVideoStatus(null);
      return undefined;
    }
    const controller = new AbortController();
    let state = initialVideoEncoding(Date.now());
    let timer: ReturnType<typeof setTimeout> | undefined;
    const publish = () => {
      setStatus(state.status);
      carouselStore.getState().setVideoStatus(state.status);
    };
    const check = () => {
      state = { ...state, checkSentAt: Date.now() };
      const watchdog = setTimeout(() => {
        state = whileWaiting(state, Date.now());
        publish();
      }, VIDEO_NO_ANSWER_MS);
      checkVideo(jobId, fileId, controller.signal)
        .then(
          (answer) => (state = afterVideoCheck(state, answer, Date.now())),
          () => (state = afterVideoCheck(state, 'request_failed', Date.now())),
        )
        .finally(() => {
          clearTimeout(watchdog);
          if (controller.signal.aborted) return;
          publish();
          if (checksAgain(state)) timer = setTimeout(check, VIDEO_CHECK_EVERY_MS);
        });
    };
    publish();
    check();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [jobId, fileId]);

  return status;
}
