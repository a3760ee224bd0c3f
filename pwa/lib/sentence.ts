/** A server's message as a sentence, to put another after it: with its own full stop when it has none. */
export function asSentence(message: string): string {
  const text = message.trim();
  return /[.!?…]$/.test(text) ? text : `${text}.`;
}

/** What the app says of an item kept on the device that the server refused, wherever it says it. */
export function notAcceptedWords(label: string, message: string): string {
  return `${label} — ${asSentence(message)} Open “Waiting to send” to edit or discard it.`;
}
