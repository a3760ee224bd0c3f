import { readAttachments } from '../../lib/files.ts';
import { FileLinks } from '../ui/MessageFiles.tsx';

/**
 * A booking's files as links that open them (`/uploads/{filename}`, served to their owner and the admin only).
 * A file still on the device (the booking waits to be sent) is named without a link; a broken list says so
 * (seed point 8: 'Error loading attachments').
 */
export function Attachments({ text }: { text: string | null }) {
  const files = readAttachments(text);
  if (files === null) return null;
  if (files === 'unreadable') return <p className="field__error">Error loading attachments</p>;
  return (
    <div className="portal-attachments">
      <h4>Files</h4>
      <FileLinks files={files} goesWith="the booking" />
    </div>
  );
}
