/**
 * A booking's short reference for people (calendar events, exports, file names): the last 8 hex digits of its id,
 * which are random. Its first 8 are the time it was made (UUIDv7), the same for every booking made in the same minute.
 */
export function bookingReference(id: string): string {
  return id.replace(/-/g, '').slice(-8);
}
