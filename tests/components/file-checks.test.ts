import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '#domain/limits.ts';
import { ACCEPTED_KINDS } from '#domain/file-kinds.ts';
import { fileProblem } from '../../pwa/lib/files.ts';

const file = (name: string, type = '', bytes = 10) => new File([new Uint8Array(bytes)], name, { type });

describe("the device's check of a picked file", () => {
  it('takes every name the server takes, and every type it stores, so no file the server would keep is turned away first', () => {
    const names = ACCEPTED_KINDS.flatMap((kind) => kind.extensions.flatMap((ext) => [`photo.${ext}`, `PHOTO.${ext.toUpperCase()}`]));
    expect(names.filter((name) => fileProblem(file(name)) !== null)).toEqual([]);
    // A photo shared from another app may come without a name the check knows: its type says what it is.
    const types = ACCEPTED_KINDS.map((kind) => kind.mime);
    expect(types.filter((type) => fileProblem(file('shared-image', type)) !== null)).toEqual([]);
  });

  it('turns away what the server refuses anyway, saying why, before anything is queued', () => {
    for (const [name, type] of [
      ['animation.gif', 'image/gif'],
      ['logo.svg', 'image/svg+xml'],
      ['page.html', 'text/html'],
      ['setup.exe', 'application/octet-stream'],
      ['macro.docm', ''],
      ['png', ''],
    ] as const) {
      expect(fileProblem(file(name, type)), name).toBe(`${name} is not a photo, PDF or Word document, so we cannot take it.`);
    }
    expect(fileProblem(file('big.jpg', 'image/jpeg', MAX_UPLOAD_BYTES + 1))).toBe('big.jpg is 10.1 MB, over the limit of 10 MB for each file. Please pick a smaller one.');
    expect(fileProblem(file('full.jpg', 'image/jpeg', MAX_UPLOAD_BYTES))).toBeNull();
    expect(fileProblem(file('empty.pdf', 'application/pdf', 0))).toBe('empty.pdf is empty.');
  });
});
