import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { basicAuthHeader } from '../../../src/api/contract/basicAuth';
import { API } from './login';

/** A small real JPEG of one colour (64 × 48 unless said), for an upload through the page. */
export function solidJpeg(
  background: { r: number; g: number; b: number },
  width = 64,
  height = 48,
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();
}

/** A short real video, recorded by the browser from a canvas (VP8 in WebM). */
export async function recordVideo(page: Page, milliseconds: number): Promise<Buffer> {
  const base64 = await page.evaluate(async (duration) => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 120;
    const context = canvas.getContext('2d')!;
    const stream = canvas.captureStream(15);
    const recorder = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp8' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    let frame = 0;
    const timer = setInterval(() => {
      context.fillStyle = `hsl(${(frame++ * 20) % 360} 70% 50%)`;
      context.fillRect(0, 0, 160, 120);
    }, 60);
    recorder.start(100);
    await new Promise((resolve) => setTimeout(resolve, duration));
    recorder.stop();
    await new Promise((resolve) => (recorder.onstop = resolve));
    clearInterval(timer);
    const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  }, milliseconds);
  return Buffer.from(base64, 'base64');
}

/** Uploads one file to a job as its owner (the API directly); the new file's id. */
export async function uploadTo(
  job: { id: string; token: string },
  name: string,
  bytes: Uint8Array,
  type: string,
  mtime: number,
): Promise<string> {
  const form = new FormData();
  form.set('path', name);
  form.set('mtime', String(mtime));
  form.set('policy', 'allow_duplicates');
  form.set('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const response = await fetch(`${API}/jobs/${encodeURIComponent(job.id)}/upload`, {
    method: 'POST',
    body: form,
    headers: { Authorization: basicAuthHeader(job.token) },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { id: string }).id;
}
