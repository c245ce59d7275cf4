import { canvasBlob, decodeBlob } from './loadImage';
import { EditorError } from './errors';

/**
 * The device camera for a photo to add to the edit. Every way it can be missing (no
 * mediaDevices outside a secure context, no device, permission refused, device busy) is the
 * `webcam` error.
 */
export async function openCamera(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) {
    throw new EditorError('webcam', 'this browser offers no camera here');
  }
  try {
    return await navigator.mediaDevices.getUserMedia({ video: true, audio: false });
  } catch (error) {
    throw new EditorError('webcam', 'the camera could not be opened', { cause: error });
  }
}

export function closeCamera(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** The video's current frame as an image. */
export async function captureFrame(video: HTMLVideoElement): Promise<HTMLImageElement> {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const context = canvas.getContext('2d');
  if (!context || canvas.width === 0) throw new EditorError('webcam', 'the camera gave no frame');
  context.drawImage(video, 0, 0);
  return decodeBlob(await canvasBlob(canvas, 'image/png'), 'webcam');
}
