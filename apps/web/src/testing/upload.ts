import { vi } from 'vitest';

/** An upload as a stubbed XMLHttpRequest saw it; the test moves it on. */
export interface StubbedUpload {
  url?: string;
  headers: Record<string, string>;
  body?: FormData;
  /** Reports `percent` of the file sent. */
  progress: (percent: number) => void;
  /** Finishes the upload with the API's answer. */
  answer: (status: number, body: unknown) => void;
}

/**
 * Stubs XMLHttpRequest (what api.upload sends with, for its progress): the answer tells what was
 * sent, and `onSend` (or the test, later) reports progress and finishes the upload.
 */
export function stubUpload(onSend: (upload: StubbedUpload) => void = () => {}): StubbedUpload {
  const upload: StubbedUpload = { headers: {}, progress: () => {}, answer: () => {} };
  class FakeXhr {
    status = 0;
    statusText = '';
    responseText = '';
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open(_method: string, url: string) {
      upload.url = url;
    }
    setRequestHeader(name: string, value: string) {
      upload.headers[name] = value;
    }
    abort() {}
    send(body: FormData) {
      upload.body = body;
      upload.progress = (percent) =>
        this.upload.onprogress?.({ lengthComputable: true, loaded: percent, total: 100 } as ProgressEvent);
      upload.answer = (status, answer) => {
        this.status = status;
        this.responseText = JSON.stringify(answer);
        this.onload?.();
      };
      onSend(upload);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return upload;
}
