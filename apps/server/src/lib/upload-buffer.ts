/** One uploaded file (multipart field "file") read into memory, with a size limit: for small tool uploads. */
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { AppError, fieldError } from './errors.ts';

export interface UploadedFile {
  fileName: string;
  content: Buffer;
  /** The other (text) fields of the form. */
  fields: Record<string, string>;
}

export async function readUploadedFile(
  req: FastifyRequest,
  maxBytes: number,
  what = 'a CSV file',
): Promise<UploadedFile> {
  if (!req.isMultipart()) throw fieldError('file', `Upload ${what} as the multipart/form-data field "file"`);
  let file: { fileName: string; content: Buffer } | null = null;
  const fields: Record<string, string> = {};
  for await (const part of req.parts({ limits: { fileSize: maxBytes, files: 1 } })) {
    if (part.type === 'file') {
      const content = await part.toBuffer().catch((e: unknown) => {
        if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return null;
        throw e;
      });
      if (content === null || part.file.truncated)
        throw new AppError(
          413,
          'ValidationError',
          `"${part.filename}" is larger than the ${Math.round(maxBytes / 1024 / 1024)} MB limit`,
          [{ path: 'file', message: 'too large' }],
        );
      file = { fileName: path.basename(part.filename || 'upload.csv'), content };
    } else fields[part.fieldname] = String(part.value ?? '');
  }
  if (!file) throw fieldError('file', `Choose ${what} to upload`);
  if (!file.content.length) throw fieldError('file', `"${file.fileName}" is empty`);
  return { ...file, fields };
}

/** The text of an upload: UTF-8 (a BOM dropped); a file that is not text is refused. */
export function uploadText(file: UploadedFile): string {
  if (file.content.subarray(0, 8000).includes(0))
    throw fieldError('file', `"${file.fileName}" is not a text (CSV) file`);
  return file.content.toString('utf8').replace(/^\uFEFF/, '');
}

/** The delimiter of a CSV: the one of , ; tab | that splits the header line most. */
export function csvDelimiter(text: string): string {
  const nl = text.indexOf('\n');
  const header = nl >= 0 ? text.slice(0, nl) : text;
  return [',', ';', '\t', '|'].reduce((best, d) => (header.split(d).length > header.split(best).length ? d : best));
}
