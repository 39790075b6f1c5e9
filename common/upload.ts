// A file part of a request, as the multipart layer (server/http/multipart.ts) received it: written to a
// temporary file that the server reads only through Storage, which confines it to the temporary folder.
//
// What marks an upload is a private field, not its shape: JSON bodies and text parts are plain objects
// and strings, so no request can forge one (a JSON "upload" could make the server read
// /etc/passwd). The console builds one only to validate a File with the server's own schema.

export type UploadInit = { tmpPath: string; filename: string; size: number; mimetype: string };

export class Upload {
  readonly #received = true;
  readonly tmpPath: string;
  readonly filename: string;
  readonly size: number;
  readonly mimetype: string;

  constructor(init: UploadInit) {
    this.tmpPath = init.tmpPath;
    this.filename = init.filename;
    this.size = init.size;
    this.mimetype = init.mimetype;
  }

  /** Whether `v` was made by `new Upload` (never true of parsed JSON or form text). */
  static is(v: unknown): v is Upload {
    return typeof v === 'object' && v !== null && #received in v;
  }
}

export const isUpload = Upload.is;
