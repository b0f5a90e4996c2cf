/** 'Started {date}' of a conversation: e.g. 25 Nov 2026 (the browser's locale). */
export function formatStarted(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
}

/** A message's timestamp: date and time, e.g. 25 Nov, 14:05. */
export function formatMessageTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
}
