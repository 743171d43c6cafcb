const MB = 1024 * 1024;

/**
 * Upload limits (docs/product/files-and-mail.md#uploads): gallery and impact pictures PNG or JPEG
 * up to 20 MB.
 */
export const GALLERY_MAX_BYTES = 20 * MB;
export const DOCUMENT_MAX_BYTES = 20 * MB;
/** Project documents (docs/product/files-and-mail.md#uploads): text, PDF, Word, PowerPoint or Excel. */
export const DOCUMENT_MIME_TYPES = [
  'text/plain',
  'text/csv',
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
];

/** A file for one of the project's upload calls, with its progress. */
export interface UploadInput {
  projectId: number;
  file: File;
  onProgress?: (percent: number) => void;
}
