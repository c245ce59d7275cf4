import { useRef, type ReactNode } from 'react';
import type { ButtonProps } from '../../ui/Button';
import { UPLOAD_ACCEPT, type IncomingFile } from '../upload';
import { SubscriberButton } from '../readOnly';

/** Uploads files from the device into the album (`alsoTargetTimeline`: SPEC §3 upload item). */
export type AlbumUpload = (
  files: readonly IncomingFile[],
  options?: { alsoTargetTimeline?: boolean },
) => void;

/**
 * "Upload" into an album: a subscriber's button (SPEC §6) that opens the browser's file picker
 * (SPEC §5: images, videos, .heic, several at once) and hands over the chosen files.
 */
export function AlbumUploadButton({
  onFiles,
  children,
  variant,
  testId,
  inputTestId,
}: {
  onFiles: (files: IncomingFile[]) => void;
  children: ReactNode;
  variant?: ButtonProps['variant'];
  testId: string;
  inputTestId: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <SubscriberButton
        variant={variant}
        onClick={() => input.current?.click()}
        data-testid={testId}
      >
        {children}
      </SubscriberButton>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={UPLOAD_ACCEPT}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])].map((file) => ({ file }));
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
        data-testid={inputTestId}
      />
    </>
  );
}
