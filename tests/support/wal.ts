import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';

const WAL_HEADER = 32;
const FRAME_HEADER = 24;

/** One frame of a `-wal` file: the page it holds, and whether it ends a commit (then one fsync was paid for it). */
export type WalFrame = { page: number; endsCommit: boolean };

/**
 * The frames in `<database>-wal`, from their headers (https://www.sqlite.org/fileformat.html#wal_file_format).
 * Meaningful while nothing checkpoints the log: open the database with `wal_autocheckpoint = 0`.
 */
export function walFrames(database: string, pageSize: number): WalFrame[] {
  const wal = `${database}-wal`;
  if (!existsSync(wal)) return [];
  const frames: WalFrame[] = [];
  const fd = openSync(wal, 'r');
  try {
    const header = Buffer.alloc(FRAME_HEADER);
    for (let at = WAL_HEADER; at + FRAME_HEADER + pageSize <= statSync(wal).size; at += FRAME_HEADER + pageSize) {
      readSync(fd, header, 0, FRAME_HEADER, at);
      // A commit frame's second word is the database's size in pages after the commit; zero in every other frame.
      frames.push({ page: header.readUInt32BE(0), endsCommit: header.readUInt32BE(4) !== 0 });
    }
  } finally {
    closeSync(fd);
  }
  return frames;
}
